module github.com/jardin-games/jardin

go 1.26.8
