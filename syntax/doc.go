// Package syntax reads models written in the Cubicle language, with the
// Cubicle-W weak-memory extension (weak variables and arrays, fence(),
// p @ X reads, the [p] acting process, constant arrays, named unsafe
// formulas): lexer, participle grammar, AST with positions, type checker
// and canonical printer. The language is described in
// ../shared/docs/cubicle-language.md.
//
// The pipeline is Parse (source to *File) then Check (*File to *Model,
// with the types and symbols resolved). Input errors are ErrorList values
// whose entries print as FILE:LINE:COL: message; neither function panics.
// Print renders a File canonically, so that Parse(Print(f)) equals f up to
// positions.
//
// The grammar (grammar.go) mirrors the concrete syntax, one struct per
// precedence level, and parse.go converts it to the AST of ast.go. The
// lexer is written by hand because comments nest. Two parsers fill the
// grammar's structs: a hand-written recursive descent (fastparse.go), which
// Parse runs first, and participle's, built from the struct tags, which
// runs only on input the first rejects, so that syntax errors keep
// participle's positions and parse_errors.go's wording. Both give the same
// structs on every input (TestFastParserAgrees, FuzzParse). Declarations and items
// are accepted in any order by the grammar; Check enforces the order with
// precise messages.
//
// Local names: f for files, m for models, t for terms, x for AST nodes in
// type switches.
package syntax
