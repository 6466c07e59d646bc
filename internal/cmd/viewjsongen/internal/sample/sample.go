// Package sample is a view with every shape the generator writes (its
// generated appender is tested against json.Marshal in sample_test.go; the
// generator's own tests copy it to check -check).
package sample

import (
	"encoding/json"
	"strings"
	"time"
)

//go:generate go run ../.. -type View

// Name is a named string: written as a string.
type Name string

// Level is a named integer.
type Level int8

// Upper writes itself (a value-receiver MarshalJSON), with spaces, <, &
// and a U+2028 that encoding/json compacts and escapes.
type Upper string

func (u Upper) MarshalJSON() ([]byte, error) {
	return json.Marshal(map[string]string{"up": strings.ToUpper(string(u)) + " <&>\u2028"})
}

// Base is embedded in View: its fields are promoted.
type Base struct {
	ID    string `json:"id"`
	Shade Name   `json:"shade,omitempty"`
	Clash int    // both Base and Other have it at the same depth: left out
	Win   int    `json:"win"` // tagged here, untagged in Other: this one
}

// Other is embedded too.
type Other struct {
	Clash int
	Win   int
	Deep  Deeper
}

// Deeper is reached through Other.
type Deeper struct {
	Flag bool `json:"flag,omitempty"`
}

// Cell has only optional members.
type Cell struct {
	A string `json:"a,omitempty"`
	B int    `json:"b,omitempty"`
	C []int  `json:"c,omitempty"`
}

// View is the root.
type View struct {
	Opt   string `json:"opt,omitempty"` // first member optional
	Base         // promoted
	Other        // promoted
	Level Level  `json:"level"`
	U8    uint8
	U64   uint64  `json:"u64,omitempty"`
	I64   int64   `json:"i64"`
	F     float64 `json:"f"`
	F32   float32 `json:"f32,omitempty"`
	Ok    bool    `json:"ok"`
	Skip  int     `json:"-"`
	Names []Name  `json:"names"`
	Cells []Cell  `json:"cells"`
	Grid  [2][3]Cell
	Empty [0]int          `json:"empty,omitempty"`
	Ptr   *Cell           `json:"ptr"`
	PtrO  *Cell           `json:"ptrO,omitempty"`
	PInt  *int            `json:"pInt"`
	Map   map[string]Cell `json:"map"`
	MapN  map[Name]int    `json:"mapN,omitempty"`
	MapI  map[int]string  `json:"mapI"`
	Any   any             `json:"any"`
	Up    Upper           `json:"up"`
	UpP   *Upper          `json:"upP"`
	When  time.Time       `json:"when"`
	Bytes []byte          `json:"bytes"`
	Anon  struct {
		X int    `json:"x,omitempty"`
		Y string `json:"y"`
	} `json:"anon"`
	Last []Cell `json:"last,omitempty"`
}
