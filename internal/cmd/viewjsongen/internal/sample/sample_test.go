package sample

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"
)

// The generated appender writes json.Marshal's bytes for random views
// holding every shape the generator handles: optional members first, last
// and everywhere, promoted and clashing embedded fields, nil and empty
// slices and maps, map keys to sort, pointers, values that marshal
// themselves, and strings that need escaping.
func TestAppenderIsMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		v := randomView(r)
		want, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		got := v.AppendJSON([]byte("x"))[1:]
		if !bytes.Equal(got, want) {
			t.Fatalf("view %d:\n got: %s\nwant: %s", i, got, want)
		}
		// Through a pointer too, as a game whose View returns *View.
		if got := (&v).AppendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("view %d through a pointer:\n got: %s\nwant: %s", i, got, want)
		}
	}
}

var alphabet = []string{"", "a", "Z", "é", "<", ">", "&", `"`, `\`, "\n", "\t", "\x00", "\x1f", "\x7f",
	"\u2028", "\u2029", "\xff", "\xe2\x80", "日本", "😀", " ", "/"}

func randomString(r *rand.Rand) string {
	var b []byte
	for range r.IntN(5) {
		b = append(b, alphabet[r.IntN(len(alphabet))]...)
	}
	return string(b)
}

func randomCell(r *rand.Rand) Cell {
	c := Cell{}
	if r.IntN(2) == 0 {
		c.A = randomString(r)
	}
	if r.IntN(2) == 0 {
		c.B = r.IntN(3) - 1
	}
	switch r.IntN(3) {
	case 0:
		c.C = []int{}
	case 1:
		c.C = []int{r.Int(), -r.Int()}
	}
	return c
}

func randomCells(r *rand.Rand) []Cell {
	switch r.IntN(3) {
	case 0:
		return nil
	case 1:
		return []Cell{}
	}
	out := make([]Cell, 1+r.IntN(3))
	for i := range out {
		out[i] = randomCell(r)
	}
	return out
}

func randomView(r *rand.Rand) View {
	var v View
	if r.IntN(2) == 0 {
		v.Opt = randomString(r)
	}
	v.ID, v.Shade, v.Base.Clash, v.Base.Win = randomString(r), Name(randomString(r)), r.Int(), r.IntN(9)
	v.Other.Clash, v.Other.Win, v.Deep.Flag = r.Int(), r.Int(), r.IntN(2) == 0
	v.Level, v.U8, v.I64 = Level(r.IntN(256)-128), uint8(r.Uint32()), r.Int64()-r.Int64()
	if r.IntN(2) == 0 {
		v.U64 = r.Uint64()
	}
	v.F = r.NormFloat64() * float64(r.IntN(1e6))
	if r.IntN(2) == 0 {
		v.F32 = float32(r.ExpFloat64() * 1e-9)
	}
	v.Ok, v.Skip = r.IntN(2) == 0, r.Int()
	if r.IntN(3) > 0 {
		v.Names = []Name{}
		for range r.IntN(4) {
			v.Names = append(v.Names, Name(randomString(r)))
		}
	}
	v.Cells, v.Last = randomCells(r), randomCells(r)
	for i := range v.Grid {
		for j := range v.Grid[i] {
			v.Grid[i][j] = randomCell(r)
		}
	}
	if r.IntN(2) == 0 {
		c := randomCell(r)
		v.Ptr = &c
	}
	if r.IntN(2) == 0 {
		c := randomCell(r)
		v.PtrO = &c
	}
	if r.IntN(2) == 0 {
		n := r.Int()
		v.PInt = &n
	}
	if r.IntN(3) > 0 {
		v.Map = map[string]Cell{}
		for range r.IntN(5) {
			v.Map[randomString(r)] = randomCell(r)
		}
	}
	if r.IntN(3) > 0 {
		v.MapN = map[Name]int{}
		for range r.IntN(5) {
			v.MapN[Name(randomString(r))] = r.Int()
		}
	}
	if r.IntN(2) == 0 {
		v.MapI = map[int]string{r.IntN(20): randomString(r), r.IntN(20): "b", -r.IntN(20): "c"}
	}
	switch r.IntN(4) {
	case 1:
		v.Any = randomString(r)
	case 2:
		v.Any = []any{1.5, randomCell(r), nil}
	case 3:
		v.Any = &v.Grid[0][0]
	}
	v.Up = Upper(randomString(r))
	if r.IntN(2) == 0 {
		u := Upper(randomString(r))
		v.UpP = &u
	}
	v.When = time.Unix(r.Int64N(1e10), r.Int64N(1e9)).UTC()
	if r.IntN(2) == 0 {
		v.Bytes = []byte(randomString(r))
	}
	if r.IntN(2) == 0 {
		v.Anon.X = r.Int()
	}
	v.Anon.Y = randomString(r)
	return v
}
