package parse

import (
	"path/filepath"
	"strings"
)

// Format is a transcript spelling.
type Format int

// The formats. Auto picks one by the file's extension, or else by its first statement.
const (
	Auto Format = iota
	Text
	YAML
)

func (f Format) String() string {
	switch f {
	case Text:
		return "text"
	case YAML:
		return "yaml"
	}
	return "auto"
}

// FormatOf returns the format a file name implies: YAML for .yaml, .yml and .json, Text
// for .tricks and .txt, and Auto (look at the content) for anything else, "-" included.
func FormatOf(name string) Format {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".json":
		return YAML
	case ".tricks", ".txt":
		return Text
	}
	return Auto
}
