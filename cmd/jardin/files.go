package main

import (
	"errors"
	"io/fs"
	"os"

	"github.com/jardin-games/jardin/i18n"
	"github.com/jardin-games/jardin/shelltext"
)

// outFile is an output file opened before the work that fills it (a
// tournament, a game), so that a typo in its path fails at once instead of
// after hours of play. It is opened without truncation: an existing file
// keeps its content until the new one is ready, and a file created for
// nothing is removed.
type outFile struct {
	path    string
	f       *os.File
	created bool
}

// openOut opens path for writing, creating it if need be. flag names the
// option in the error ("--out").
func openOut(flag, path string) (*outFile, error) {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, shelltext.Errorf("cli.cannotWrite", i18n.S("flag", flag), i18n.S("file", printable(path, 200)), i18n.S("err", err.Error()))
	}
	return &outFile{path: path, f: f, created: errors.Is(statErr, fs.ErrNotExist)}, nil
}

// write replaces the file's content with b and closes it.
func (o *outFile) write(b []byte) error {
	if o == nil {
		return nil
	}
	defer func() { o.f = nil }()
	err := o.f.Truncate(0)
	if err == nil {
		_, err = o.f.WriteAt(b, 0)
	}
	if cerr := o.f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return shelltext.Wrap("cli.writing", err, i18n.S("file", o.path))
	}
	return nil
}

// discard closes the file unwritten, removing it if it was created.
func (o *outFile) discard() {
	if o == nil || o.f == nil {
		return
	}
	o.f.Close()
	o.f = nil
	if o.created {
		os.Remove(o.path)
	}
}
