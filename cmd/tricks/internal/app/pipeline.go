package app

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/tricks-dev/tricks/parse"
	"github.com/tricks-dev/tricks/parse/reader"
	"github.com/tricks-dev/tricks/rulesets"
	"github.com/tricks-dev/tricks/score"
	"github.com/tricks-dev/tricks/validate"
)

// choice is which rules apply to a game: the ruleset named by -r (or the transcript's game
// line), the transcript's option lines, then -o options on top (CLI.md).
type choice struct {
	ruleset string            // -r value; "" = the transcript's game line
	options []string          // -o k=v
	base    *rulesets.Ruleset // the -r ruleset, loaded once (required for "-", standard input)
}

// job is one game going through the pipeline.
type job struct {
	file string
	src  reader.Pending     // the game as read, parsed on a worker
	buf  *reader.GameBuffer // what to parse it into; nil: fresh memory
	game *parse.Game
	rs   *rulesets.Ruleset
	err  error // input error: parse, ruleset, or replay (exit 2)
	rp   *validate.Replay
	res  *score.Result
	// out is where the game is replayed and scored, rp and res pointing into it, when the
	// games are reused (as buf); nil: fresh memory.
	out *jobBuf
	// What the writer needs of a game once its worker has moved on to the next (pipeline):
	// the game's number in its file (parse.Game.Index), len(res.Violations), and the rule
	// codes its writer sums up (render).
	index, violations int
	codes             []string
	stats             *gameStats // what stats counts of the game (render)
}

// jobBuf is the storage of one game's replay and result.
type jobBuf struct {
	rp validate.Replay
	sc score.Scorer
}

// transcriptExts are the file names a directory walk reads as transcripts (FORMAT.md: text
// is .tricks or .txt; YAML and JSON).
var transcriptExts = []string{".tricks", ".txt", ".yaml", ".yml", ".json"}

// isTranscriptName reports whether a file found in a directory is read as a transcript by its
// name: one of transcriptExts, but not an expected-results file (*.expected.json).
func isTranscriptName(p string) bool {
	if strings.HasSuffix(p, ".expected.json") {
		return false
	}
	return slices.Contains(transcriptExts, strings.ToLower(filepath.Ext(p)))
}

// transcriptFiles expands the arguments: files as given, directories to the transcripts
// below them (transcriptExts, but not *.expected.json), "-" for standard input.
// Ruleset files found in directories are left out silently; transcriptFilesNoted says so.
func transcriptFiles(args []string) ([]string, error) {
	return transcriptFilesNoted(args, io.Discard)
}

// transcriptFilesNoted is transcriptFiles with a note on notes for what a directory walk
// leaves out: ruleset files and special files (a line each), and the files whose names are
// not a transcript's (one line per directory argument). A file named as an argument is read
// whatever its type (a pipe from the shell, /dev/stdin), but in a directory only regular
// files (and links to them) are transcripts: a named pipe or a device there would block the
// run or never end. A subdirectory that cannot be read is kept in the list, where opening it
// reports the error in its place, and the walk goes on. A directory in which no transcript
// is found stays in the list itself: reading it is an input error in its place ("no
// transcript in it", exit 2), so that a wrong folder never passes for a clean run.
func transcriptFilesNoted(args []string, notes io.Writer) ([]string, error) {
	var out []string
	for _, a := range args {
		if a == "-" {
			out = append(out, a)
			continue
		}
		fi, err := os.Stat(a)
		if err != nil || !fi.IsDir() {
			// A file, or a path that cannot be read: opening it reports the error in its
			// place (exit 2), and the other arguments are still read.
			out = append(out, a)
			continue
		}
		found, err := walkTranscripts(a, notes)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			found = []string{a} // reported in its place (source.next)
		}
		out = append(out, found...)
	}
	return out, nil
}

// walkTranscripts lists the transcripts below the directory dir in sorted path order (see
// transcriptFilesNoted), with its notes.
func walkTranscripts(dir string, notes io.Writer) ([]string, error) {
	var found, other []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err // the argument itself: a usage error
			}
			found = append(found, p) // unreadable: reported when it is opened
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		if !isTranscriptName(p) {
			if !strings.HasSuffix(p, ".expected.json") {
				other = append(other, p)
			}
			return nil
		}
		if t := d.Type(); !t.IsRegular() {
			if t&fs.ModeSymlink != 0 {
				fi, err := os.Stat(p)
				if err != nil || fi.Mode().IsRegular() {
					found = append(found, p) // a link to a transcript, or dangling (reported)
					return nil
				}
				t = fi.Mode().Type()
			}
			fmt.Fprintf(notes, "tricks: %s: skipped: not a regular file (%s)\n", displayText(p), fileKind(t))
			return nil
		}
		found = append(found, p)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(other) > 0 {
		fmt.Fprintf(notes, "tricks: %s: skipped %s\n", displayText(dir), skippedNote(other))
	}
	sort.Strings(found)
	return skipRulesetFiles(found, notes), nil
}

// skippedNote says which files a walk did not read by their names: "2 files not named as
// transcripts (notes.md, scan.pdf; transcripts end in .tricks, .txt, ...)".
func skippedNote(files []string) string {
	sort.Strings(files)
	shown := files
	if len(shown) > 3 {
		shown = shown[:3]
	}
	list := displayText(strings.Join(shown, ", "))
	if len(files) > len(shown) {
		list += ", …"
	}
	what := "a transcript"
	if len(files) > 1 {
		what = "transcripts"
	}
	return fmt.Sprintf("%d %s not named as %s (%s; transcripts end in %s)", len(files), plural(len(files), "file"),
		what, list, strings.Join(transcriptExts, ", "))
}

// fileKind names a file type for messages.
func fileKind(t fs.FileMode) string {
	switch {
	case t&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case t&fs.ModeSocket != 0:
		return "a socket"
	case t&fs.ModeCharDevice != 0:
		return "a character device"
	case t&fs.ModeDevice != 0:
		return "a device"
	case t&fs.ModeDir != 0:
		return "a directory"
	}
	return "a special file"
}

// resolver is rulesets.Resolver for a choice; an option that is not key=value is its error
// for every game (the commands check their command line before they build one).
type resolver struct {
	*rulesets.Resolver
	err     error
	applies bool   // -r or -o: other rules than the transcript's own (own.go)
	name    string // the -r ruleset, for compare's family check (own.go)
	base    *rulesets.Ruleset
}

func newResolver(c choice) *resolver {
	opts, err := rulesets.ParseOptions(c.options)
	return &resolver{Resolver: rulesets.NewResolver(rulesets.Choice{Ruleset: c.ruleset, Base: c.base, Options: opts}), err: err,
		applies: c.ruleset != "" || len(c.options) > 0, name: c.ruleset, base: c.base}
}

func (r *resolver) resolve(g *parse.Game) (*rulesets.Ruleset, error) {
	if r.err != nil {
		return nil, r.err
	}
	return r.Resolve(g)
}

// gameBatch is how games travel between the goroutines of the pipeline: one game is too
// little work to pay for a hand-over each, so they go by the batch; a batch ends early at a
// megabyte of input, so that a batch of long games does not keep a long stretch of the
// input, and its output, in memory until it is written. A worker is handed the games of a
// batch gameRun at a time, and 64 KiB of text at most (the text read ahead of its parse),
// which it takes through its steps (gameWorker).
var gameBatch = poolSize{batch: 256, batchBytes: 1 << 20, budget: 4 << 20, run: gameRun, runBytes: 64 << 10}

// smallInput is the size of input, in bytes, below which the pipeline runs on one goroutine
// unless -j asks for more: a file of a few games is less work than starting a worker.
const smallInput = 64 << 10

// pipeline reads every game of the files, resolves its rules, replays and scores it on
// `jobs` workers, renders its output there (render, when not nil) and calls emit for each
// game in input order, with its output. A file that cannot be opened is reported through
// emit as a job with an error. Games go in batches, read one worker at a time and lazily
// (text is parsed on the workers), so memory holds a few batches (inOrder).
//
// Each worker parses, replays and scores the games it is handed into its buffers, a set for
// each game of a step (gameWorker); emit receives what render made of a game and what the
// job keeps of it (index, violations, codes), not the game itself. With whole, emit reads
// the game itself (charts): with one worker it is still in the worker's buffers (emit comes
// right after the run is rendered, and each game of a run has buffers of its own), with more
// each game has fresh memory. Either way emit must not keep the job (it is reused), nor
// anything of a game in the buffers (nor of its replay and result, which hold parts of it). A
// game that cannot be read or checked comes with its error, in fresh memory.
//
// Each game's input is released once it is written (reader.Pending.Release): the reader
// then reads later input into the memory of the games written, instead of new memory for
// the collector to clear.
func (e *env) pipeline(files []string, c choice, jobs int, whole bool, render func(*bytes.Buffer, *job), emit func(*job, []byte)) {
	size := inputSize(files)
	if jobs <= 0 && size >= 0 && size < smallInput {
		jobs = 1 // a few games and no -j: starting workers would cost more than they save
	}
	jobs = workers(jobs)
	fresh := e.opts.freshGames || whole && jobs > 1
	prog := e.newProgress(size, &e.read)
	newWork := func() runWork[job] {
		v, res := newWorker(c)
		return (&gameWorker{v: v, res: res, render: render, whole: whole, fresh: fresh}).work
	}
	inOrder(jobs, gameBatch, e.newSource(files).read, newWork, func(j *job, text []byte) bool {
		if j.err != nil {
			prog.clear() // an error starts its own line
		}
		emit(j, text)
		prog.tick()
		if !e.opts.freshGames {
			j.src.Release() // its input may be read over
		}
		return true
	})
	prog.done()
}

// newWorker returns what one worker replays with: its Validator and its resolver (per
// worker: its rulesets and their tables stay on it).
func newWorker(c choice) (*validate.Validator, *resolver) {
	v := validate.New()
	v.Diagnose = true
	return v, newResolver(c)
}

// maxJobs bounds -j: more workers than this only cost memory.
const maxJobs = 256

// workers turns a -j value into a worker count: the CPUs by default, at most maxJobs.
func workers(jobs int) int {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return min(jobs, maxJobs)
}

// readFile streams the games of one file to fn, parsed into fresh memory, in order (for
// convert, which takes games one by one); a file that cannot be read is one call with the
// error.
func (e *env) readFile(name string, fn func(*parse.Game, error)) {
	src := e.newSource([]string{name})
	src.comments = true // convert writes them back
	var j job
	for src.next(&j) {
		if j.err != nil {
			fn(nil, j.err)
			continue
		}
		fn(j.src.Parse(nil))
	}
}

// source reads the games of files one after the other, for whoever holds it: next is
// called by one goroutine at a time.
type source struct {
	e     *env
	files []string // still to open
	f     *os.File // the file being read (nil: standard input, or none)
	rd    *reader.Reader
	name  string // its display name
	// comments: the games keep their comments (convert); the commands that replay games
	// write none of them, and read them over (reader.SkipComments)
	comments bool
}

func (e *env) newSource(files []string) *source {
	if size := inputSize(files); size < 0 || size >= smallInput {
		e.watchNow() // a stream or much input: a signal may come at any time
	}
	return &source{e: e, files: files}
}

// next reads the next game into j (all of *j new): the game as read, or the error of a file
// that cannot be opened or read (the file's last job). It returns false at the end of the
// last file.
func (s *source) next(j *job) bool {
	for {
		if s.e.stopping() {
			s.close() // interrupted: read no more
			return false
		}
		if s.rd == nil {
			if len(s.files) == 0 {
				return false
			}
			name := s.files[0]
			s.files = s.files[1:]
			s.name = displayName(name)
			var r io.Reader = s.e.stdin
			if name != "-" {
				f, err := os.Open(name)
				if err == nil {
					if fi, serr := f.Stat(); serr == nil && fi.IsDir() {
						// A directory is listed only when no transcript was found in it.
						f.Close()
						err = errNoTranscript
					}
				}
				if err != nil {
					*j = job{file: s.name, err: err}
					return true
				}
				s.f, r = f, f
			}
			s.rd = reader.NewReader(countingReader{r, &s.e.read}, s.name, parse.Auto)
			if !s.comments {
				s.rd.SkipComments()
			}
		}
		*j = job{file: s.name}
		err := s.rd.NextPending(&j.src)
		if err == nil {
			return true
		}
		s.close()
		if !errors.Is(err, io.EOF) {
			j.err = err
			return true
		}
	}
}

// read is next for inOrder: it reads the next game into j, and says how many bytes of input
// it holds: the length of its text (reader.Pending.Size), or, for a game read already (YAML,
// JSON) or an error, the bytes read from the file meanwhile.
func (s *source) read(j *job) (int, bool) {
	from := s.e.read.Load()
	ok := s.next(j)
	if n := j.src.Size(); n > 0 {
		return n, ok
	}
	return int(s.e.read.Load() - from), ok
}

// errNoTranscript is the error of a directory argument in which no transcript was found.
var errNoTranscript = fmt.Errorf("a directory with no transcript in it (transcripts end in %s)", strings.Join(transcriptExts, ", "))

// close ends the file being read.
func (s *source) close() {
	if s.f != nil {
		s.f.Close()
	}
	s.f, s.rd = nil, nil
}

// process parses, resolves, replays and scores one job (on a worker), into its buffers
// (job.buf and job.out; nil: fresh memory).
func process(v *validate.Validator, res *resolver, j *job) {
	parseJob(j)
	replayJob(v, res, j)
	scoreJob(j)
}

// parseJob parses the game of a job read without an error.
func parseJob(j *job) {
	if j.err == nil {
		j.game, j.err = j.src.Parse(j.buf)
	}
}

// replayJob resolves the rules of a job's game, parsed without an error, and replays it.
func replayJob(v *validate.Validator, res *resolver, j *job) {
	if j.err != nil {
		return
	}
	own := res.ownRules(j.game)
	if err := res.otherFamily(own); err != nil {
		// Spades rules cannot judge a Hearts-family play, nor the reverse: the bids or the
		// penalty cards would silently score nothing (RULES §7: the recorded play is a fact).
		pos := j.game.RulesetPos
		pos.File = j.game.File
		j.err = parse.ErrorList{{Pos: pos, Msg: "--ruleset " + err.Error()}}
		return
	}
	if j.rs, j.err = res.resolve(j.game); j.err != nil {
		return
	}
	var rp *validate.Replay
	var err error
	if j.out != nil {
		rp, err = &j.out.rp, v.ReplayOwnInto(&j.out.rp, j.game, j.rs, own)
	} else {
		rp, err = v.ReplayOwn(j.game, j.rs, own)
	}
	if err != nil {
		var el parse.ErrorList
		if errors.As(err, &el) {
			for _, e := range el {
				if e.Pos.File == "" {
					e.Pos.File = j.game.File
				}
			}
		}
		j.err = err
		return
	}
	j.rp = rp
}

// scoreJob scores a job's game, replayed without an error.
func scoreJob(j *job) {
	switch {
	case j.err != nil:
	case j.out != nil:
		j.res = j.out.sc.Score(j.rp)
	default:
		j.res = score.Score(j.rp)
	}
}

// gameRun is how many games a worker is handed at a time (gameBatch), and runRounds how many
// rounds it takes through its steps together (gameWorker).
const (
	gameRun   = 16
	runRounds = 16
)

// gameWorker is a pipeline worker: its Validator and resolver, and its buffers, a set for
// each game of a step (made as the steps need them; the games' buffers share their names,
// reader.GameBuffers), unless every game has fresh memory.
//
// It takes the games it is handed through each step in turn (parse them, then resolve and
// replay them, then score them, then render them), not each game through every step: the
// code of one step then stays in the processor's instruction cache from game to game, where
// the code of all the steps is more than it holds. That pays for games of a few rounds,
// which run little code many times; a step goes on to the next game only while the games
// parsed hold fewer than runRounds rounds, so that the games of a step stay in the data
// caches from step to step (a long game goes through the steps alone).
type gameWorker struct {
	v      *validate.Validator
	res    *resolver
	bufs   reader.GameBuffers
	outs   []*jobBuf
	render func(*bytes.Buffer, *job)
	whole  bool // emit reads the games (pipeline)
	fresh  bool // every game in fresh memory: no buffers
}

// work is the gameWorker's runWork: it processes the games of items and renders each, a step
// at a time, and keeps in each job what the writer needs of its game (job.index,
// job.violations).
func (w *gameWorker) work(items []job, text *bytes.Buffer, ends []int) []int {
	for from := 0; from < len(items); {
		to := w.parse(items, from)
		w.check(items[from:to])
		for k := from; k < to; k++ {
			j := &items[k]
			if j.err == nil && w.render != nil {
				w.render(text, j)
			}
			if !w.whole {
				j.buf, j.out, j.game, j.rs, j.rp, j.res = nil, nil, nil, nil, nil, nil
			}
			ends = append(ends, text.Len())
		}
		from = to
	}
	return ends
}

// parse parses the games of items from from on while those parsed hold fewer than runRounds
// rounds, and returns the end of those parsed. Each goes into the buffers of its place in
// the step (in the run, with whole: emit reads the games after the run).
func (w *gameWorker) parse(items []job, from int) int {
	k, rounds := from, 0
	for ; k < len(items) && rounds < runRounds; k++ {
		if j := &items[k]; !w.fresh && j.err == nil { // an error of reading: no buffers
			at := k - from
			if w.whole {
				at = k
			}
			for len(w.outs) <= at {
				w.outs = append(w.outs, new(jobBuf))
			}
			j.buf, j.out = w.bufs.Buffer(at), w.outs[at]
		}
		parseJob(&items[k])
		if g := items[k].game; g != nil {
			rounds += len(g.Rounds)
		}
	}
	return k
}

// check resolves the rules of the games of items, parsed, replays them, and scores them. A
// game that cannot be read or checked is processed again in fresh memory, for the writer to
// report as it is: its error outlives the worker's buffers (such games are few).
func (w *gameWorker) check(items []job) {
	for k := range items {
		replayJob(w.v, w.res, &items[k])
	}
	for k := range items {
		j := &items[k]
		if scoreJob(j); j.err != nil && j.buf != nil {
			*j = job{file: j.file, src: j.src}
			process(w.v, w.res, j)
		}
		if j.game != nil {
			j.index = j.game.Index
		}
		if j.res != nil {
			j.violations = len(j.res.Violations)
		}
	}
}

// printError writes an input error, one line per positioned message, the file name and the
// message escaped as names are (displayText): a line feed in either cannot start a line.
func printError(w io.Writer, file string, err error) {
	file = displayName(file)
	var el parse.ErrorList
	if errors.As(err, &el) {
		for _, e := range el {
			if e.Pos.File == "" && !e.Pos.IsValid() {
				fmt.Fprintf(w, "%s: %s\n", displayText(file), displayText(e.Msg))
				continue
			}
			if e.Pos.File == "" && e.Pos.Line == 0 {
				fmt.Fprintln(w, displayText(e.Msg))
				continue
			}
			fmt.Fprintf(w, "%s: %s\n", displayPos(e.Pos), displayText(e.Msg))
		}
		return
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Path == file {
		err = pe.Err // "FILE: permission denied", not "FILE: open FILE: permission denied"
	}
	fmt.Fprintf(w, "%s: %s\n", displayText(file), displayText(err.Error()))
}

// displayPos is a position for people: its file name escaped (displayText).
func displayPos(p parse.Pos) string {
	p.File = displayText(p.File)
	return p.String()
}
