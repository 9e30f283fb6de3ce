package reader

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/tricks-dev/tricks/parse"
)

// keptString is a string a game handed out, and a copy of it made when it was read.
type keptString struct {
	s, want, where string
}

// keepStrings appends every string of v (a game, its errors) with a copy of each.
func keepStrings(out []keptString, v reflect.Value, where string) []keptString {
	switch v.Kind() {
	case reflect.String:
		s := v.String()
		return append(out, keptString{s: s, want: string([]byte(s)), where: where})
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return keepStrings(out, v.Elem(), where)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			out = keepStrings(out, v.Index(i), where)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = keepStrings(out, v.Field(i), where+"."+v.Type().Field(i).Name)
			}
		}
	}
	return out
}

// poisonAll fills every buffer of rd's, the one it reads into and those kept for reuse, with
// 0xFF: what a reader may write there once the games in them are released.
func poisonAll(rd *Reader) {
	for i := range rd.lb.buf {
		rd.lb.buf[i] = 0xFF
	}
	for _, r := range rd.lb.retired {
		for i := range r.buf {
			r.buf[i] = 0xFF
		}
	}
}

// TestKeptStringsNeverChange: every string of 1,000 and more games read through the reusing
// path (NextPending, Parse into one GameBuffer or into fresh memory, Release once parsed),
// kept past their games, is unchanged once every buffer of the reader has been reused (and
// poisoned) and then poisoned again: the strings a game hands out are never the reader's
// bytes. So too for the games of Next.
func TestKeptStringsNeverChange(t *testing.T) {
	src := recycleCorpus(t, 4*readBlock)
	t.Run("Pending", func(t *testing.T) {
		rd := newReader(bytes.NewReader(src), "many.tricks", parse.Text, options{poison: true})
		var buf GameBuffer
		var kept []keptString
		games := 0
		for {
			var p Pending
			err := rd.NextPending(&p)
			if errors.Is(err, io.EOF) {
				break
			}
			require.NoError(t, err)
			var into *GameBuffer
			if games%3 != 0 {
				into = &buf // two games in three into the reused buffer, the third fresh
			}
			g, err := p.Parse(into)
			kept = keepStrings(kept, reflect.ValueOf(g), "game")
			kept = keepStrings(kept, reflect.ValueOf(err), "error")
			p.Release()
			games++
		}
		require.GreaterOrEqual(t, games, 1000)
		require.Greater(t, rd.lb.seq, uint64(3), "buffers the reader left and reused")
		poisonAll(rd)
		for _, k := range kept {
			require.Equal(t, k.want, k.s, "%s", k.where)
		}
	})
	t.Run("Next", func(t *testing.T) {
		rd := NewReader(bytes.NewReader(src), "many.tricks", parse.Text)
		var kept []keptString
		for {
			g, err := rd.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			kept = keepStrings(kept, reflect.ValueOf(g), "game")
			kept = keepStrings(kept, reflect.ValueOf(err), "error")
		}
		poisonAll(rd)
		for _, k := range kept {
			require.Equal(t, k.want, k.s, "%s", k.where)
		}
	})
}
