package rulesets

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unsafe"

	"github.com/tricks-dev/tricks/parse"
)

// ParseOption reads one "key=value" option as -o and compare entries write it. Spaces around
// the key and the value are dropped; a missing '=' or an empty key is an error.
func ParseOption(s string) (parse.KV, error) {
	k, v, ok := strings.Cut(s, "=")
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	if !ok || k == "" {
		return parse.KV{}, fmt.Errorf("option %q: expected key=value", s)
	}
	return parse.KV{Key: k, Value: v}, nil
}

// ParseOptions reads every option of a list (see ParseOption).
func ParseOptions(list []string) ([]parse.KV, error) {
	out := make([]parse.KV, 0, len(list))
	for _, s := range list {
		kv, err := ParseOption(s)
		if err != nil {
			return nil, err
		}
		out = append(out, kv)
	}
	return out, nil
}

// Apply sets the options on rs in order. The error names the option as it was written.
func (rs *Ruleset) Apply(opts []parse.KV) error {
	for _, kv := range opts {
		if err := rs.Set(kv.Key, kv.Value); err != nil {
			return fmt.Errorf("option %s=%s: %v", kv.Key, kv.Value, err)
		}
	}
	return nil
}

// Choice is what a command line says about the rules: a ruleset that replaces every
// transcript's game line (Ruleset, "" for none; Base is that ruleset loaded, which a caller
// sets when it read the ruleset itself, from standard input say) and options applied on top
// of the transcript's own option lines.
type Choice struct {
	Ruleset string
	Base    *Ruleset
	Options []parse.KV
}

// NewChoice loads the ruleset of a command line (a built-in name or a ruleset file; "" for
// none) and reads its options. Every error is the command line's: an unreadable ruleset, an
// option that is not key=value, and an option that the named ruleset, or without one every
// built-in ruleset, refuses.
func NewChoice(ruleset string, options []string) (Choice, error) {
	opts, err := ParseOptions(options)
	if err != nil {
		return Choice{}, err
	}
	c := Choice{Ruleset: ruleset, Options: opts}
	if ruleset != "" {
		if c.Base, err = Load(ruleset); err != nil {
			return Choice{}, fmt.Errorf("--ruleset %s: %v", ruleset, err)
		}
	}
	return c, c.Check()
}

// Check reports an option that cannot apply: with a ruleset, one that it refuses; without,
// one that every built-in ruleset refuses (a key of one family only is checked per game).
func (c Choice) Check() error {
	if c.Base != nil {
		return c.Base.Clone().Apply(c.Options)
	}
	for _, kv := range c.Options {
		p, ok := paramByKey(kv.Key)
		if !ok || !p.option {
			return fmt.Errorf("option %s=%s: unknown option %q; the hearts family takes: %s; the spades family takes: %s%s", kv.Key, kv.Value, kv.Key,
				strings.Join(OptionKeys(Hearts), ", "), strings.Join(OptionKeys(Spades), ", "),
				parse.DidYouMean(kv.Key, allOptionKeys()))
		}
		rs := &Ruleset{Family: p.family}
		if rs.Family == "" {
			rs.Family = Hearts
		}
		if err := rs.Set(kv.Key, kv.Value); err != nil {
			return fmt.Errorf("option %s=%s: %v", kv.Key, kv.Value, err)
		}
	}
	return nil
}

// Resolver gives each game the ruleset that applies to it (CLI.md "Which rules apply"): the
// choice's ruleset, else the one the transcript's game line names (a built-in: a file named
// by a transcript is never read); then the transcript's option lines, then the choice's
// options. Games with the same rules share one Ruleset. The zero Resolver is NewResolver of
// the zero Choice (the transcripts' own rules). A Resolver is not safe for concurrent use:
// give each goroutine its own.
type Resolver struct {
	choice Choice
	cache  map[string]*resolved
	kb     []byte // the key being looked up (a look-up by string(kb) does not allocate)
	// what Own gave the last game: a run of games of the same rules finds theirs without
	// building the key
	own *resolved
	// recent holds the entries Resolve gave the last games, each in one of the two slots
	// of its print (recentSlot): a file whose games take turns among a few sets of rules
	// finds each set here, by its option lines, without building the key and hashing it
	recent [64]*resolved
}

// resolved is a ruleset name and option lines, and the ruleset they resolve to (a cache
// entry; never changed). The list is a copy: a game's list may be memory its parser reuses
// for the next game.
type resolved struct {
	name  string
	opts  []parse.KV
	print uintptr // optionsPrint(opts)
	rs    *Ruleset
}

// NewResolver returns a Resolver for c (the zero Choice: the transcripts' own rules).
func NewResolver(c Choice) *Resolver {
	return &Resolver{choice: c}
}

// Resolve returns the ruleset that applies to g. Errors in the transcript are a
// parse.ErrorList with positions; an option of the choice that this game's ruleset refuses is
// a plain error, and so is a nil game.
func (r *Resolver) Resolve(g *parse.Game) (*Ruleset, error) {
	if g == nil {
		return nil, errors.New("no game to resolve the rules of")
	}
	name, namePos := r.choice.Ruleset, parse.Pos{}
	if name == "" {
		name, namePos = g.Ruleset, g.RulesetPos
	}
	if name == "" {
		pos := g.Pos
		pos.File = g.File
		return nil, parse.ErrorList{{Pos: pos, Msg: "no ruleset: write a `game NAME` line or use --ruleset NAME"}}
	}
	p := optionsPrint(g.Options)
	slots := (*[2]*resolved)(r.recent[recentSlot(p):])
	if e := slots[0]; e != nil && e.is(name, p, g.Options) {
		return e.rs, nil // the key is this entry's
	}
	if e := slots[1]; e != nil && e.is(name, p, g.Options) {
		return e.rs, nil
	}
	r.kb = appendKey(r.kb[:0], name, g.Options)
	if e, ok := r.cache[string(r.kb)]; ok {
		slots[0], slots[1] = e, slots[0] // the older of the two goes
		return e.rs, nil
	}
	var base *Ruleset
	switch {
	case r.choice.Ruleset != "" && r.choice.Base != nil:
		base = r.choice.Base
	case r.choice.Ruleset == "" && !IsBuiltin(name):
		namePos.File = g.File
		errs := parse.ErrorList{{Pos: namePos, Msg: fmt.Sprintf("unknown ruleset %q%s (built-in rulesets: %s; a ruleset file is given with --ruleset FILE)",
			name, parse.DidYouMean(name, builtinOrder), strings.Join(builtinOrder, ", "))}}
		errs = append(errs, unknownKeys(g)...)
		errs.Sort() // the option lines may come before the game line
		return nil, errs
	default:
		var err error
		if base, err = Load(name); err != nil {
			if namePos.IsValid() {
				namePos.File = g.File
				return nil, parse.ErrorList{{Pos: namePos, Msg: err.Error()}}
			}
			return nil, err
		}
	}
	rs := base.Clone()
	var errs parse.ErrorList
	for _, kv := range g.Options {
		if err := rs.Set(kv.Key, kv.Value); err != nil {
			pos := kv.Pos
			pos.File = g.File
			errs.Add(pos, err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if err := rs.Apply(r.choice.Options); err != nil {
		return nil, err
	}
	slots[0], slots[1] = r.store(name, g.Options, rs), slots[0]
	return rs, nil
}

// is reports whether e is the entry of a ruleset name and option lines whose print is p.
func (e *resolved) is(name string, p uintptr, opts []parse.KV) bool {
	return e.print == p && sameOptions(opts, e.opts) &&
		(len(name) == len(e.name) && unsafe.StringData(name) == unsafe.StringData(e.name) || name == e.name)
}

// recentSlot is the first of the two slots of Resolver.recent for the entries of print p:
// the top bits of a multiple of p, which the bits of every value's address reach.
func recentSlot(p uintptr) uint {
	return uint(uint64(p)*0x9e3779b97f4a7c15>>58) & 62
}

// sameOptions reports whether two lists of option lines have the same keys and values in
// the same order: the same key (appendKey) for the same name. Strings at the same address
// are the same without a look at their bytes (a reader hands out the same strings for the
// option lines that games repeat): the lists' string headers (kvStrings) are compared
// first, all of them at once.
func sameOptions(a, b []parse.KV) bool {
	if len(a) != len(b) {
		return false
	}
	b = b[:len(a)]
	var differ uintptr
	for i := range a {
		x, y := kvStrings(&a[i]), kvStrings(&b[i])
		differ |= x[0] ^ y[0] | x[1] ^ y[1] | x[2] ^ y[2] | x[3] ^ y[3]
	}
	return differ == 0 || sameText(a, b)
}

// kvStrings returns the headers of an option line's key and value (each string's address
// and length) as words, to compare.
func kvStrings(kv *parse.KV) *[4]uintptr {
	return (*[4]uintptr)(unsafe.Pointer(kv))
}

// This does not compile unless a KV begins with its key and value, a string's header being
// two words (kvStrings).
const _ uintptr = 0 - (unsafe.Offsetof(parse.KV{}.Value) - unsafe.Sizeof("")) -
	(2*unsafe.Sizeof(uintptr(0)) - unsafe.Sizeof(""))

// sameText is sameOptions comparing the bytes of every string.
func sameText(a, b []parse.KV) bool {
	for i := range a {
		if a[i].Key != b[i].Key || a[i].Value != b[i].Value {
			return false
		}
	}
	return true
}

// optionsPrint sums up a list of option lines from the addresses and lengths of its values:
// lists whose strings are the same (a reader hands out the same strings for the option lines
// that games repeat) have the same print, and most that differ differ in a value (lists of
// the same print are told apart by sameOptions). Lists of the same text in other strings may
// differ in print: they are found in the cache by their key.
func optionsPrint(opts []parse.KV) uintptr {
	h := uintptr(len(opts))
	for i := range opts {
		v := opts[i].Value
		h = h*31 + uintptr(unsafe.Pointer(unsafe.StringData(v))) + uintptr(len(v))
	}
	return h
}

// Own returns the transcript's own rules: its game line's built-in ruleset with its option
// lines, or nil when it has no game line or they do not resolve (RULES §7 "The recorded play
// is a fact": what a transcript leaves implicit follows these).
func (r *Resolver) Own(g *parse.Game) *Ruleset {
	if g == nil || g.Ruleset == "" || !IsBuiltin(g.Ruleset) {
		return nil
	}
	if o := r.own; o != nil && g.Ruleset == o.name && sameOptions(g.Options, o.opts) {
		return o.rs // the key is the last one's
	}
	r.kb = appendKey(append(r.kb[:0], 2), g.Ruleset, g.Options)
	e, ok := r.cache[string(r.kb)]
	if !ok {
		base, err := Builtin(g.Ruleset)
		if err != nil {
			return nil
		}
		rs := base.Clone()
		if rs.Apply(g.Options) != nil {
			return nil
		}
		e = r.store(g.Ruleset, g.Options, rs)
	}
	r.own = e
	return e.rs
}

// store caches rs, resolved from a name and option lines, under the key in r.kb and
// returns its entry; the map is made on first use, so that the zero Resolver works, and
// cleared when it grows past a bound.
func (r *Resolver) store(name string, opts []parse.KV, rs *Ruleset) *resolved {
	switch {
	case r.cache == nil:
		r.cache = make(map[string]*resolved)
	case len(r.cache) > 1024:
		clear(r.cache)
	}
	e := &resolved{name: name, opts: slices.Clone(opts), print: optionsPrint(opts), rs: rs}
	r.cache[string(r.kb)] = e
	return e
}

// appendKey appends the cache key of a ruleset name and option lines to b.
func appendKey(b []byte, name string, opts []parse.KV) []byte {
	b = append(b, name...)
	for _, kv := range opts {
		b = append(b, 0)
		b = append(b, kv.Key...)
		b = append(b, '=')
		b = append(b, kv.Value...)
	}
	return b
}

// unknownKeys reports the option lines of g whose key no ruleset takes: without the game's
// ruleset its options cannot be checked further, but a misspelt key is a mistake of its own,
// said with the one that fails the ruleset (one per mistake).
func unknownKeys(g *parse.Game) parse.ErrorList {
	var errs parse.ErrorList
	for _, kv := range g.Options {
		if p, ok := paramByKey(kv.Key); ok && p.option {
			continue
		}
		pos := kv.Pos
		pos.File = g.File
		errs = append(errs, &parse.Error{Pos: pos, Msg: fmt.Sprintf("unknown option %q: no ruleset takes it%s", kv.Key, parse.DidYouMean(kv.Key, allOptionKeys()))})
	}
	return errs
}

// allOptionKeys returns the option keys of every family, sorted, each once.
func allOptionKeys() []string {
	return slices.Compact(slices.Sorted(slices.Values(append(OptionKeys(Hearts), OptionKeys(Spades)...))))
}
