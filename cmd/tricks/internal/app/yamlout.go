package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// writeYAMLDoc writes one JSON document as block-style YAML, streaming: it reads the JSON
// token by token and holds no tree, so a game of many thousand violations costs its text and
// no more (a yaml.v3 node tree of one such game took a gigabyte). Scalars are spelled by
// yaml.v3 (quoted where YAML would read them otherwise); a string of several lines is written
// double-quoted.
func writeYAMLDoc(w *bufio.Writer, b []byte) error {
	y := yamlStream{w: w, dec: json.NewDecoder(bytes.NewReader(b))}
	y.dec.UseNumber()
	tok, err := y.dec.Token()
	if err != nil {
		return err
	}
	return y.value(tok, atTop, 0)
}

type yamlStream struct {
	w    *bufio.Writer
	dec  *json.Decoder
	seen map[string]string // short strings already spelled
}

// Where a value is written: at the start of a line, after "key:", or after "- ".
const (
	atTop = iota
	afterKey
	afterDash
)

func (y *yamlStream) value(tok json.Token, at, indent int) error {
	if d, ok := tok.(json.Delim); ok {
		empty := !y.dec.More()
		if empty {
			if _, err := y.dec.Token(); err != nil { // the closing delimiter
				return err
			}
			s := "{}"
			if d == '[' {
				s = "[]"
			}
			if at == afterKey {
				y.w.WriteString(" ")
			}
			y.w.WriteString(s + "\n")
			return nil
		}
		inner, inline := indent, false
		switch at {
		case afterKey:
			y.w.WriteString("\n")
			inner = indent + 2
		case afterDash:
			inner, inline = indent+2, true
		}
		if d == '{' {
			return y.mapping(inner, inline)
		}
		return y.sequence(inner, inline)
	}
	if at == afterKey {
		y.w.WriteString(" ")
	}
	if s, ok := tok.(string); ok && literalOK(s) {
		// Several lines: a literal block, as yaml.v3 writes one.
		y.w.WriteString("|-\n")
		pad := strings.Repeat(" ", indent+2)
		for _, line := range strings.Split(s, "\n") {
			if line != "" {
				y.w.WriteString(pad + line)
			}
			y.w.WriteString("\n")
		}
		return nil
	}
	y.w.WriteString(y.scalar(tok))
	y.w.WriteString("\n")
	return nil
}

// scalar is yamlScalar, remembered for the strings that repeat (keys, rule codes, names, cards).
func (y *yamlStream) scalar(tok json.Token) string {
	s, ok := tok.(string)
	if !ok || len(s) > 24 {
		return yamlScalar(tok)
	}
	if y.seen == nil {
		y.seen = map[string]string{}
	}
	if out, ok := y.seen[s]; ok {
		return out
	}
	out := yamlScalar(tok)
	if len(y.seen) < 4096 {
		y.seen[s] = out
	}
	return out
}

// literalOK reports whether s, of several lines, can be a literal block: printable lines
// without blanks at either end, and no line break at its end.
func literalOK(s string) bool {
	if !strings.Contains(s, "\n") || strings.HasSuffix(s, "\n") || strings.HasPrefix(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		if line == "" || strings.TrimSpace(line) != line {
			return false
		}
		for _, r := range line {
			if r < ' ' || r == 0x7f {
				return false
			}
		}
	}
	return true
}

func (y *yamlStream) mapping(indent int, inline bool) error {
	for first := true; y.dec.More(); first = false {
		k, err := y.dec.Token()
		if err != nil {
			return err
		}
		if !first || !inline {
			y.w.WriteString(strings.Repeat(" ", indent))
		}
		y.w.WriteString(y.scalar(k) + ":")
		v, err := y.dec.Token()
		if err != nil {
			return err
		}
		if err := y.value(v, afterKey, indent); err != nil {
			return err
		}
	}
	_, err := y.dec.Token() // }
	return err
}

func (y *yamlStream) sequence(indent int, inline bool) error {
	for first := true; y.dec.More(); first = false {
		v, err := y.dec.Token()
		if err != nil {
			return err
		}
		if !first || !inline {
			y.w.WriteString(strings.Repeat(" ", indent))
		}
		y.w.WriteString("- ")
		if err := y.value(v, afterDash, indent); err != nil {
			return err
		}
	}
	_, err := y.dec.Token() // ]
	return err
}

// yamlScalar spells a JSON scalar in YAML.
func yamlScalar(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case bool:
		return fmt.Sprint(v)
	case json.Number:
		return v.String()
	case string:
		if strings.ContainsAny(v, "\n\r") {
			b, _ := json.Marshal(v) // a double-quoted YAML string
			return string(b)
		}
		b, err := yaml.Marshal(v)
		if err != nil {
			b, _ = json.Marshal(v)
		}
		return strings.TrimSuffix(string(b), "\n")
	}
	return fmt.Sprint(tok)
}

// yamlToJSON rewrites a YAML document of mappings, sequences and scalars (a ruleset file) as
// indented JSON, its keys in the document's order (a ruleset's in the order
// `tricks rulesets NAME` prints them). Keys are strings; a scalar is a number, a boolean or
// null when YAML resolves it so, else a string. A YAML reader reads the JSON back as the
// same document (JSON is YAML).
func yamlToJSON(doc []byte) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		return nil, err
	}
	var compact []byte
	if len(root.Content) > 0 {
		compact = appendNodeJSON(compact, root.Content[0])
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

func appendNodeJSON(b []byte, n *yaml.Node) []byte {
	switch n.Kind {
	case yaml.MappingNode:
		b = append(b, '{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b = append(b, ',')
			}
			key, _ := json.Marshal(n.Content[i].Value)
			b = append(append(b, key...), ':')
			b = appendNodeJSON(b, n.Content[i+1])
		}
		return append(b, '}')
	case yaml.SequenceNode:
		b = append(b, '[')
		for i, c := range n.Content {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendNodeJSON(b, c)
		}
		return append(b, ']')
	case yaml.AliasNode:
		return appendNodeJSON(b, n.Alias)
	}
	switch n.ShortTag() {
	case "!!int", "!!float", "!!bool":
		if json.Valid([]byte(n.Value)) {
			return append(b, n.Value...)
		}
	case "!!null":
		return append(b, "null"...)
	}
	s, _ := json.Marshal(n.Value)
	return append(b, s...)
}
