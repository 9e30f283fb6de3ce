package rulesets

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"gopkg.in/yaml.v3"
)

//go:embed builtin/*.yaml
var builtinFS embed.FS

// builtinOrder is the order of Names and List: the hearts family from the seeds, the other
// hearts-family games, then Spades. Every file under builtin/ is listed (a test checks).
var builtinOrder = []string{
	"rickety-kate",
	"rickety-kate-36",
	"black-maria",
	"hearts",
	"omnibus",
	"dirty-lady",
	"slippery-anne",
	"black-jack",
	"cancellation",
	"spades",
	"spades-partnership",
}

// builtinParsers make each embedded ruleset once, when it is first asked for: from
// builtinTable, the YAML files compiled into Go values (a test keeps the two the same), so a
// run reads no YAML for a built-in; parsed from its file only if the table lacks it. The
// parsers themselves are made at the first call of builtins (the loader refers back to
// them), not when the program starts.
var builtinParsers struct {
	once   sync.Once
	byName map[string]func() (*Ruleset, error)
}

// builtins returns the parser of the built-in ruleset name; ok is false for another name.
func builtins(name string) (parser func() (*Ruleset, error), ok bool) {
	builtinParsers.once.Do(func() {
		m := make(map[string]func() (*Ruleset, error), len(builtinOrder))
		for i, name := range builtinOrder {
			m[name] = sync.OnceValues(func() (*Ruleset, error) {
				if rs := builtinTable(name); rs != nil {
					return rs, nil // the file as Go values (builtin_table.go): no YAML to read at run time
				}
				return parseBuiltin(name, builtinOrder[:i])
			})
		}
		builtinParsers.byName = m
	})
	parser, ok = builtinParsers.byName[name]
	return parser, ok
}

// parseBuiltin parses the embedded ruleset name, which may extend one of earlier.
func parseBuiltin(name string, earlier []string) (*Ruleset, error) {
	file := "builtin/" + name + ".yaml"
	data, err := builtinFS.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("built-in ruleset %s: %v", name, err)
	}
	l := &loader{builtin: true, earlier: earlier}
	rs, err := l.parse(file, data)
	if err != nil {
		return nil, fmt.Errorf("built-in ruleset %s: %w", name, err)
	}
	if rs.Name != name {
		return nil, fmt.Errorf("built-in ruleset file %s names itself %q", file, rs.Name)
	}
	return rs, nil
}

// Names returns the names of the built-in rulesets: the hearts family first (the seeds'
// games, then American Hearts and its relatives, Cancellation), then Spades.
func Names() []string { return slices.Clone(builtinOrder) }

// IsBuiltin reports whether name is the name of a built-in ruleset.
func IsBuiltin(name string) bool { return slices.Contains(builtinOrder, name) }

// Info is one line of `tricks rulesets`.
type Info struct {
	Name    string
	Family  string
	Players Range
	Summary string
}

// List returns name, family, player range and one-line summary of every built-in ruleset,
// in the order of Names.
func List() []Info {
	out := make([]Info, 0, len(builtinOrder))
	for _, name := range builtinOrder {
		parsed, _ := builtins(name)
		rs, err := parsed()
		if err != nil {
			panic(err) // the embedded files are checked by the tests
		}
		out = append(out, Info{Name: rs.Name, Family: rs.Family, Players: rs.Players, Summary: rs.Summary})
	}
	return out
}

// Builtin returns a fresh copy of the built-in ruleset name, which the caller may change
// (with Set, for options). An unknown name's error lists the valid names.
func Builtin(name string) (*Ruleset, error) {
	parsed, ok := builtins(name)
	if !ok {
		return nil, unknownRuleset(name)
	}
	rs, err := parsed()
	if err != nil {
		return nil, err
	}
	return rs.Clone(), nil
}

func unknownRuleset(name string) error {
	return fmt.Errorf("unknown ruleset %q%s (built-in rulesets: %s; or give a YAML file)", name, parse.DidYouMean(name, builtinOrder),
		strings.Join(builtinOrder, ", "))
}

// Load returns the ruleset named by nameOrPath: a built-in name, else a YAML ruleset file
// (read whole, once: /dev/stdin works). A file may say `extends: NAME`, NAME being a
// built-in or another file (relative to the extending file), and then gives only the keys
// it changes; a file without extends must give every parameter, as `tricks rulesets NAME`
// prints them. Unknown keys, keys of the other family, bad values, duplicate and missing keys
// are errors at file:line:col (a parse.ErrorList when there are several). A built-in name
// wins over a file of the same name: write ./NAME for the file.
//
// After loading, Extends is empty (the parameters are resolved), and a file with extends but
// no name is named after the file (its base name without .yaml/.yml).
func Load(nameOrPath string) (*Ruleset, error) {
	if IsBuiltin(nameOrPath) {
		return Builtin(nameOrPath)
	}
	return (&loader{}).file(nameOrPath)
}

// Parse reads a ruleset file's contents. file names it in error messages and is the base of
// a relative `extends:` path (standard input and other /dev files resolve from the working
// directory).
func Parse(file string, data []byte) (*Ruleset, error) {
	return (&loader{}).parse(file, data)
}

// loader reads one ruleset file and what it extends, detecting cycles.
type loader struct {
	builtin bool     // parsing an embedded file: extends names an earlier built-in
	earlier []string // with builtin: the built-ins it may extend (listed before it)
	stack   []string // files being loaded, to report an extends cycle
}

const maxExtends = 32

func (l *loader) file(name string) (*Ruleset, error) {
	key := name
	if abs, err := filepath.Abs(name); err == nil {
		key = abs
	}
	if slices.Contains(l.stack, key) {
		return nil, fmt.Errorf("%s: extends cycle: %s", name, strings.Join(append(l.stack, key), " -> "))
	}
	if len(l.stack) >= maxExtends {
		return nil, fmt.Errorf("%s: extends nested more than %d deep", name, maxExtends)
	}
	data, err := readRulesetFile(name)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && looksLikeName(name) {
			return nil, unknownRuleset(name)
		}
		return nil, err
	}
	l.stack = append(l.stack, key)
	defer func() { l.stack = l.stack[:len(l.stack)-1] }()
	return l.parse(name, data)
}

// maxFileSize bounds a ruleset file: a real one is a few hundred bytes.
const maxFileSize = 1 << 20

// readRulesetFile reads a ruleset file of at most maxFileSize bytes. Besides regular files
// only standard input (/dev/stdin and its kin) is read, so that a name cannot make the tool
// read a device or wait on a pipe without end: the type is checked before the file is opened
// (opening a named pipe blocks until a writer comes), and again on the open file.
func readRulesetFile(name string) ([]byte, error) {
	stdin := name == "/dev/stdin" || name == "/dev/fd/0" || name == "/proc/self/fd/0"
	if !stdin {
		fi, err := os.Stat(name)
		if err != nil {
			return nil, err
		}
		if !fi.Mode().IsRegular() {
			return nil, notRegular(name, fi.Mode())
		}
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() && !stdin {
		return nil, notRegular(name, fi.Mode())
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: larger than %d bytes: not a ruleset file", name, maxFileSize)
	}
	return data, nil
}

func notRegular(name string, m os.FileMode) error {
	what := "not a regular file"
	switch {
	case m.IsDir():
		what = "a directory, not a ruleset file"
	case m&os.ModeNamedPipe != 0:
		what = "a named pipe, not a regular file (give a pipe's contents with --ruleset -)"
	case m&os.ModeDevice != 0:
		what = "a device, not a regular file"
	}
	return fmt.Errorf("%s: %s", name, what)
}

// looksLikeName reports whether s reads as a ruleset name rather than a file path.
func looksLikeName(s string) bool {
	return !strings.ContainsAny(s, `/\`) && path.Ext(s) != ".yaml" && path.Ext(s) != ".yml"
}

// baseDir is the directory a relative extends path starts from.
func baseDir(file string) string {
	if file == "" || file == "-" || strings.HasPrefix(file, "/dev/") || strings.HasPrefix(file, "/proc/") {
		return ""
	}
	return filepath.Dir(file)
}

// at puts a file name on an error from a param (positioned by nodeErr, or not at all).
func at(file string, n *yaml.Node, err error) *parse.Error {
	var pe *parse.Error
	if errors.As(err, &pe) {
		return &parse.Error{Pos: parse.Pos{File: file, Line: pe.Pos.Line, Col: pe.Pos.Col}, Msg: pe.Msg}
	}
	return &parse.Error{Pos: parse.Pos{File: file, Line: n.Line, Col: n.Column}, Msg: err.Error()}
}

type entry struct{ k, v *yaml.Node }

// fileDoc is a ruleset file being read: its top mapping's entries by key, and the errors so far.
type fileDoc struct {
	file    string
	root    *yaml.Node
	entries map[string]entry
	errs    parse.ErrorList
}

func (d *fileDoc) add(n *yaml.Node, err error) { d.errs = append(d.errs, at(d.file, n, err)) }

func (l *loader) parse(file string, data []byte) (*Ruleset, error) {
	root, err := readDocument(file, data)
	if err != nil {
		return nil, err
	}
	d := newFileDoc(file, root)
	rs, baseName, err := l.start(d)
	if err != nil {
		return nil, err
	}
	// Every key is looked at, and every value of a key that is known: a file with a misspelt
	// key and a bad value gets both errors at once (one per mistake).
	d.checkKeys(rs.Family)
	if d.apply(rs); len(d.errs) > 0 {
		return nil, sorted(d.errs)
	}
	if _, extends := d.entries["extends"]; !extends {
		if err := d.checkComplete(rs.Family); err != nil {
			return nil, err
		}
	} else {
		if _, ok := d.entries["name"]; !ok {
			rs.Name = fileRulesetName(file)
		}
		if _, ok := d.entries["summary"]; !ok {
			rs.Summary = "like " + baseName + ", with the changes of " + file
		}
	}
	rs.Extends = ""
	if err := rs.Validate(); err != nil {
		return nil, validityErrors(file, root, d.entries, err)
	}
	return rs, nil
}

// readDocument reads a file's one YAML document, which must be a mapping, with its aliases
// resolved.
func readDocument(file string, data []byte) (*yaml.Node, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, &parse.Error{Pos: parse.Pos{File: file}, Msg: "empty ruleset file"}
		}
		return nil, reader.YAMLError(file, data, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		if err != nil {
			return nil, reader.YAMLError(file, data, err)
		}
		return nil, &parse.Error{Pos: parse.Pos{File: file, Line: extra.Line, Col: extra.Column}, Msg: "a ruleset file holds one YAML document"}
	}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if err := resolveAliases(file, root); err != nil {
		return nil, err
	}
	if root.Kind != yaml.MappingNode {
		return nil, at(file, root, errors.New("a ruleset file is a mapping of keys to values (name: ..., family: ..., ...)"))
	}
	return root, nil
}

// newFileDoc collects the entries of a ruleset file's mapping; a key that is not a word, or
// is given twice, is an error.
func newFileDoc(file string, root *yaml.Node) *fileDoc {
	d := &fileDoc{file: file, root: root, entries: map[string]entry{}}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			d.add(k, errors.New("a key must be a plain word"))
			continue
		}
		if prev, dup := d.entries[k.Value]; dup {
			d.add(k, fmt.Errorf("%s given twice (first at line %d)", k.Value, prev.k.Line))
			continue
		}
		d.entries[k.Value] = entry{k, v}
	}
	return d
}

// start returns the ruleset the file's keys apply to: what it extends, or an empty ruleset
// of its family; and the name of what it extends.
func (l *loader) start(d *fileDoc) (rs *Ruleset, baseName string, err error) {
	family := ""
	fe, hasFamily := d.entries["family"]
	if hasFamily {
		fp, _ := paramByKey("family")
		if fe.v.Kind != yaml.ScalarNode || !slices.Contains(fp.words, fe.v.Value) {
			d.add(fe.v, valueError("family", fe.v.Value, fp.valid))
			return nil, "", sorted(d.errs)
		}
		family = fe.v.Value
	}
	e, extends := d.entries["extends"]
	if !extends {
		if family == "" {
			d.add(d.root, errors.New("missing family (hearts or spades), and no extends"))
			return nil, "", sorted(d.errs)
		}
		rs = &Ruleset{Family: family}
		if family == Spades {
			rs.Decks = 1
		}
		return rs, "", nil
	}
	if e.v.Kind != yaml.ScalarNode || e.v.Value == "" {
		return nil, "", at(d.file, e.v, errors.New("extends: want a built-in ruleset name or a file path"))
	}
	if l.builtin {
		// Built-ins load in builtinOrder: one extends a built-in listed before it.
		if slices.Contains(l.earlier, e.v.Value) {
			var b *Ruleset
			parsed, _ := builtins(e.v.Value) // (earlier lists built-ins only)
			if b, err = parsed(); err == nil {
				rs = b.Clone()
			}
		} else {
			err = errors.New("a built-in ruleset extends only a built-in listed before it")
		}
	} else {
		rs, err = l.base(d.file, e.v.Value)
	}
	if err != nil {
		return nil, "", at(d.file, e.v, fmt.Errorf("extends %s: %v", e.v.Value, err))
	}
	if hasFamily && family != rs.Family {
		d.add(fe.v, fmt.Errorf("family %s differs from %s's family %s", family, rs.Name, rs.Family))
		return nil, "", sorted(d.errs)
	}
	return rs, rs.Name, nil
}

// checkKeys reports every key that is unknown or belongs to the other family.
func (d *fileDoc) checkKeys(family string) {
	for key, e := range d.entries {
		if key == "extends" {
			continue
		}
		p, ok := paramByKey(key)
		switch {
		case !ok:
			d.add(e.k, fmt.Errorf("unknown key %q%s (valid keys for a %s-family ruleset: extends, %s)", key, parse.DidYouMean(key, Keys(family)), family, strings.Join(Keys(family), ", ")))
		case !p.appliesTo(family):
			d.add(e.k, fmt.Errorf("%q is a %s-family key (valid keys for a %s-family ruleset: extends, %s)", key, p.family, family, strings.Join(Keys(family), ", ")))
		}
	}
}

// apply sets the file's values on rs in the canonical order, so that a by-players key given
// with its base key (pass and pass-by-players) wins whatever the order in the file.
func (d *fileDoc) apply(rs *Ruleset) {
	for _, p := range params() {
		e, ok := d.entries[p.key]
		if !ok || p.key == "family" || !p.appliesTo(rs.Family) { // (the other family's: checkKeys)
			continue
		}
		var err error
		switch {
		case e.v.Kind == yaml.ScalarNode && p.scalar && e.v.Tag != "!!null":
			err = p.set(rs, strings.TrimSpace(e.v.Value))
		case p.node:
			err = p.decode(rs, e.v)
		default:
			err = fmt.Errorf("%s: want a single value (valid: %s)", p.key, p.valid)
		}
		if err != nil {
			d.add(e.v, err)
		}
	}
}

// checkComplete reports the keys a file without extends leaves out.
func (d *fileDoc) checkComplete(family string) error {
	var missing []string
	for _, p := range params() {
		if _, ok := d.entries[p.key]; !ok && p.required && p.appliesTo(family) {
			missing = append(missing, p.key)
		}
	}
	if len(missing) > 0 {
		return at(d.file, d.root, fmt.Errorf("missing %s (a ruleset file without extends gives every parameter; or write extends: NAME and only the changes)", strings.Join(missing, ", ")))
	}
	return nil
}

// validityErrors positions the errors of Validate, which are about the whole ruleset, at the
// key they name (the first word of the message), or else at extends, or at the start.
func validityErrors(file string, root *yaml.Node, entries map[string]entry, err error) error {
	list := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	}
	var errs parse.ErrorList
	for _, e := range list {
		n := root
		word, _, _ := strings.Cut(e.Error(), " ")
		keys := []string{word, "extends"}
		if strings.HasPrefix(e.Error(), "two decks") {
			keys = []string{"decks", "removal-order", "extends"}
		}
		for _, k := range keys {
			if en, ok := entries[k]; ok {
				n = en.v
				if k == "extends" {
					n = en.k
				}
				break
			}
		}
		errs = append(errs, at(file, n, e))
	}
	return sorted(errs)
}

// maxAliasNodes bounds what the aliases of a ruleset file may expand to, maxDepth how deep
// its values may nest (a ruleset needs a few levels).
const (
	maxAliasNodes = 10000
	maxDepth      = 100
)

// resolveAliases replaces every alias of a ruleset file's tree by the node it names, so that
// the keys read the value (no-pass: *cards), refusing aliases that expand to more than
// maxAliasNodes nodes.
func resolveAliases(file string, root *yaml.Node) error {
	budget := maxAliasNodes
	var walk func(n *yaml.Node, viaAlias bool, depth int) error
	walk = func(n *yaml.Node, viaAlias bool, depth int) error {
		if depth > maxDepth {
			what := "values nested deeper than %d levels"
			if viaAlias {
				what = "aliases nested deeper than %d levels"
			}
			return at(file, n, fmt.Errorf(what+" (a limit by design)", maxDepth))
		}
		for i, c := range n.Content {
			alias := viaAlias
			if c.Kind == yaml.AliasNode && c.Alias != nil {
				for k := 0; c.Kind == yaml.AliasNode && c.Alias != nil && k < 16; k++ {
					c = c.Alias
				}
				n.Content[i] = c
				alias = true
			}
			if alias {
				if budget--; budget < 0 {
					return at(file, c, fmt.Errorf("aliases expand to more than %d values", maxAliasNodes))
				}
			}
			if err := walk(c, alias, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(root, false, 0)
}

func sorted(l parse.ErrorList) error {
	l.Sort()
	return l.Err()
}

// base resolves an extends value: a built-in name, else a path relative to the file.
func (l *loader) base(file, ext string) (*Ruleset, error) {
	if looksLikeName(ext) && IsBuiltin(ext) {
		return Builtin(ext)
	}
	p := ext
	if !filepath.IsAbs(p) {
		p = filepath.Join(baseDir(file), p)
	}
	rs, err := l.file(p)
	if err != nil && looksLikeName(ext) && errors.Is(err, os.ErrNotExist) {
		return nil, unknownRuleset(ext)
	}
	return rs, err
}

// fileRulesetName names a ruleset after its file: the base name without .yaml or .yml.
func fileRulesetName(file string) string {
	base := filepath.Base(file)
	if file == "" || file == "-" || base == "stdin" || base == "0" {
		return "stdin"
	}
	for _, ext := range []string{".yaml", ".yml"} {
		base = strings.TrimSuffix(base, ext)
	}
	return base
}
