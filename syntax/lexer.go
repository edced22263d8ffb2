package syntax

import (
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types produced by the lexer (negative, as participle expects).
const (
	tokLIdent lexer.TokenType = -(iota + 2)
	tokMIdent
	tokKeyword
	tokInt
	tokReal
	tokProcConst
	tokPunct
)

// keywords are reserved in both dialects; `weak` and `fence` are Cubicle-W's
// and reserved here too, since cubew reads the union of the two dialects.
var keywords = map[string]bool{
	"type": true, "var": true, "array": true, "const": true, "init": true,
	"invariant": true, "unsafe": true, "transition": true, "requires": true,
	"case": true, "forall": true, "exists": true, "forall_other": true,
	"exists_other": true, "predicate": true, "if": true, "then": true,
	"else": true, "not": true, "true": true, "false": true, "let": true,
	"in": true, "number_procs": true, "weak": true, "fence": true,
}

// puncts lists the operators, longest first so that the first match is the
// longest one.
var puncts = []string{
	"<=>", ":=", "<>", "<=", ">=", "=>", "&&", "||",
	"(", ")", "{", "}", "[", "]", ",", ";", ":", ".", "?", "|", "_",
	"=", "<", ">", "+", "-", "*", "@",
}

// cubLexer is the lexer.Definition of the Cubicle language. It is written by
// hand because comments nest, which no regular expression can match.
type cubLexer struct{}

func (cubLexer) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "LIdent": tokLIdent, "MIdent": tokMIdent,
		"Keyword": tokKeyword, "Int": tokInt, "Real": tokReal,
		"ProcConst": tokProcConst, "Punct": tokPunct,
	}
}

func (d cubLexer) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, src)
}

func (cubLexer) LexBytes(filename string, src []byte) (lexer.Lexer, error) {
	return &scanner{src: src, pos: lexer.Position{Filename: filename, Line: 1, Column: 1}}, nil
}

// scanner produces tokens from one source; it tracks line and column.
// With keep set it also records the comments it skips and the span of
// every token (for the printer, see scanAll).
type scanner struct {
	src      []byte
	pos      lexer.Position
	keep     bool
	prevEnd  lexer.Position // end of the last token or comment
	comments []*Comment
	toks     []tokSpan
}

// tokSpan is where one token starts and ends, and its text.
type tokSpan struct {
	Pos, End Pos
	Value    string
}

// bytesPerToken sizes the token slices of scanAll: few models have fewer
// bytes per token than this, so the slices are rarely grown.
const bytesPerToken = 4

// lexed is the whole of one source, lexed: the tokens the parser reads
// (ending with EOF), their spans and the comments, which Parse attaches to
// the AST.
type lexed struct {
	tokens   []lexer.Token
	spans    []tokSpan
	comments []*Comment
}

// scanAll lexes src completely.
func scanAll(name string, src []byte) (*lexed, error) {
	guess := len(src)/bytesPerToken + 1 // the corpus has 4.6 bytes per token
	s := &scanner{src: src, pos: lexer.Position{Filename: name, Line: 1, Column: 1}, keep: true,
		toks: make([]tokSpan, 0, guess)}
	tokens := make([]lexer.Token, 0, guess)
	for {
		tok, err := s.Next()
		if err != nil {
			return nil, err
		}
		tokens = append(tokens, tok)
		if tok.EOF() {
			return &lexed{tokens: tokens, spans: s.toks, comments: s.comments}, nil
		}
	}
}

func (s *scanner) peek(k int) byte {
	if s.pos.Offset+k < len(s.src) {
		return s.src[s.pos.Offset+k]
	}
	return 0
}

func (s *scanner) advance(n int) {
	for ; n > 0; n-- {
		if s.src[s.pos.Offset] == '\n' {
			s.pos.Line++
			s.pos.Column = 1
		} else {
			s.pos.Column++
		}
		s.pos.Offset++
	}
}

func (s *scanner) errorf(pos lexer.Position, format string, args ...any) error {
	return &lexer.Error{Msg: fmt.Sprintf(format, args...), Pos: pos}
}

// skip passes over blanks and (nested) comments.
func (s *scanner) skip() error {
	for s.pos.Offset < len(s.src) {
		c := s.peek(0)
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			s.advance(1)
		case c == '(' && s.peek(1) == '*':
			if err := s.comment(); err != nil {
				return err
			}
		default:
			return nil
		}
	}
	return nil
}

func (s *scanner) comment() error {
	start := s.pos
	depth := 0
	for s.pos.Offset < len(s.src) {
		switch {
		case s.peek(0) == '(' && s.peek(1) == '*':
			depth++
			s.advance(2)
		case s.peek(0) == '*' && s.peek(1) == ')':
			depth--
			s.advance(2)
			if depth == 0 {
				if s.keep {
					s.comments = append(s.comments, &Comment{Pos: start, End: s.pos, Prev: s.prevEnd,
						Text: string(s.src[start.Offset:s.pos.Offset])})
					s.prevEnd = s.pos
				}
				return nil
			}
		default:
			s.advance(1)
		}
	}
	return s.errorf(start, "unterminated comment: this `(*` has no closing `*)`")
}

func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLower(c byte) bool  { return 'a' <= c && c <= 'z' }
func isUpper(c byte) bool  { return 'A' <= c && c <= 'Z' }
func isIdent(c byte) bool  { return isLower(c) || isUpper(c) || isDigit(c) || c == '_' }
func isLetter(c byte) bool { return isLower(c) || isUpper(c) }

func (s *scanner) Next() (lexer.Token, error) {
	if err := s.skip(); err != nil {
		return lexer.Token{}, err
	}
	start := s.pos
	if s.pos.Offset >= len(s.src) {
		return lexer.EOFToken(start), nil
	}
	c := s.peek(0)
	n := 0
	var typ lexer.TokenType
	switch {
	case isLetter(c):
		for n = 1; isIdent(s.peek(n)); n++ {
		}
		switch {
		case keywords[string(s.src[start.Offset:start.Offset+n])]: // no allocation
			typ = tokKeyword
		case isLower(c):
			typ = tokLIdent
		default:
			typ = tokMIdent
		}
	case isDigit(c) || (c == '-' && isDigit(s.peek(1))):
		typ, n = s.number()
	case c == '#':
		for n = 1; isDigit(s.peek(n)); n++ {
		}
		if n == 1 {
			return lexer.Token{}, s.errorf(start, "`#` starts a process constant (`#1`, `#2`, ...); comments are written `(* ... *)`")
		}
		if s.peek(1) == '0' || isLetter(s.peek(n)) || s.peek(n) == '_' {
			return lexer.Token{}, s.errorf(start, "process constant must be #1, #2, ... (processes are numbered from 1)")
		}
		typ = tokProcConst
	default:
		for _, p := range puncts {
			if s.hasPrefix(p) {
				typ, n = tokPunct, len(p)
				break
			}
		}
		if n == 0 {
			return lexer.Token{}, s.errorf(start, "%s", illegal(c, s.peek(1)))
		}
	}
	value := string(s.src[start.Offset : start.Offset+n])
	s.advance(n)
	if s.keep {
		s.toks = append(s.toks, tokSpan{Pos: start, End: s.pos, Value: value})
		s.prevEnd = s.pos
	}
	return lexer.Token{Type: typ, Value: value, Pos: start}, nil
}

// number scans `-?[0-9]+` or `-?[0-9]+ '.' [0-9]*` (longest match).
func (s *scanner) number() (lexer.TokenType, int) {
	n := 0
	if s.peek(0) == '-' {
		n = 1
	}
	for isDigit(s.peek(n)) {
		n++
	}
	if s.peek(n) != '.' {
		return tokInt, n
	}
	for n++; isDigit(s.peek(n)); n++ {
	}
	return tokReal, n
}

func (s *scanner) hasPrefix(p string) bool {
	rest := s.src[s.pos.Offset:]
	return len(rest) >= len(p) && string(rest[:len(p)]) == p
}

// illegal words an illegal character c (followed by next), with the
// Cubicle spelling of what it means in other languages.
func illegal(c, next byte) string {
	switch {
	case c == '/' && next == '/':
		return "`//` does not start a comment: comments are written `(* ... *)`"
	case c == '!' && next == '=':
		return "`!=` is not an operator: not-equal is `<>`"
	case c == '!':
		return "`!` is not an operator: negation is `not`"
	case c == '&':
		return "`&` is not an operator: conjunction is `&&`"
	}
	return fmt.Sprintf("illegal character %q", c)
}
