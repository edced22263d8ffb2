package syntax

import "os"

// ParseAndCheck parses src (named name in positions) and type-checks it.
// Input errors come back as an ErrorList.
func ParseAndCheck(name string, src []byte, opts CheckOptions) (*Model, error) {
	f, err := Parse(name, src)
	if err != nil {
		return nil, err
	}
	return Check(f, opts)
}

// Load reads, parses and type-checks a model file. Input errors come back
// as an ErrorList; a file that cannot be read as a plain error.
func Load(path string, opts CheckOptions) (*Model, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseAndCheck(path, src, opts)
}
