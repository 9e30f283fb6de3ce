// Command tricks checks and scores recorded games of trick-taking card games.
package main

import "os"

func main() {
	tuneGC()
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
