package syntax

import "github.com/stretchr/testify/require"

// RequireParsersAgree parses src with the fast parser and with participle
// and fails t unless both reject it, or both accept it with the same
// grammar structs, positions included. On a lexical error, which Parse
// reports without participle, participle must give the same message. It
// returns whether src parsed.
func RequireParsersAgree(t require.TestingT, name string, src []byte) bool {
	slow, perr := parser().ParseBytes(name, src)
	lx, lerr := scanAll(name, src)
	if lerr != nil {
		require.Error(t, perr, "participle parses what the lexer rejects: %v", lerr)
		require.Equal(t, toErrorList(name, src, perr).Error(), toErrorList(name, src, lerr).Error())
		return false
	}
	fast, ok := parseFast(lx.tokens)
	if !ok {
		require.Error(t, perr, "the fast parser rejects a valid input")
		return false
	}
	require.NoError(t, perr, "the fast parser accepts an input participle rejects")
	require.Equal(t, slow, fast, "the fast parser's structures differ from participle's")
	return true
}
