// Command tojson rewrites a stream of YAML transcripts (standard input) as JSON lines, one
// object per game, keys in their YAML order, for the throughput benchmark (bench.sh):
//
//	go run ./testdata/bench/tojson < games.yaml > games.json
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"gopkg.in/yaml.v3"
)

func main() {
	dec := yaml.NewDecoder(bufio.NewReaderSize(os.Stdin, 1<<20))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "tojson:", err)
			os.Exit(1)
		}
		b := appendJSON(nil, &doc)
		w.Write(append(b, '\n'))
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "tojson:", err)
		os.Exit(1)
	}
}

func appendJSON(b []byte, n *yaml.Node) []byte {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return append(b, "null"...)
		}
		return appendJSON(b, n.Content[0])
	case yaml.AliasNode:
		return appendJSON(b, n.Alias)
	case yaml.MappingNode:
		b = append(b, '{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, n.Content[i].Value)
			b = append(b, ':')
			b = appendJSON(b, n.Content[i+1])
		}
		return append(b, '}')
	case yaml.SequenceNode:
		b = append(b, '[')
		for i, c := range n.Content {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSON(b, c)
		}
		return append(b, ']')
	}
	switch n.ShortTag() {
	case "!!int":
		if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
			return strconv.AppendInt(b, v, 10)
		}
	case "!!bool":
		var v bool
		if n.Decode(&v) == nil {
			return strconv.AppendBool(b, v)
		}
	case "!!null":
		return append(b, "null"...)
	}
	return appendString(b, n.Value)
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s)
	return append(b, q...)
}
