package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const walkGame = "game hearts\nplayers a b c d\nround\ntrick a: 2C 3C 4C 5C\n"

// An unreadable subdirectory is reported in its place and the rest of the tree is read.
func TestWalkUnreadableSubdirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "sub")
	for _, p := range []string{filepath.Join(dir, "a.tricks"), filepath.Join(sub, "b.tricks"), filepath.Join(dir, "z", "c.tricks")} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(walkGame), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(sub, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(sub, 0o755)
	if _, err := os.ReadDir(sub); err == nil {
		t.Skip("directory permissions are not enforced here (running as root?)")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"tricks", "validate", dir}, strings.NewReader(""), &stdout, &stderr)
	if code != exitInput {
		t.Errorf("exit %d, want %d", code, exitInput)
	}
	if want := sub + ": permission denied\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	out := stdout.String()
	for _, want := range []string{"a.tricks:4:1: incomplete-round", "c.tricks:4:1: incomplete-round", ", 1 unreadable\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
}
