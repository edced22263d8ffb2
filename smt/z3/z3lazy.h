// z3lazy.h declares, for each function of z3funcs.h, a function pointer
// z3w_p_NAME (set by z3w_load from libz3 loaded with dlopen) and a wrapper
// z3w_NAME with Z3_NAME's signature, which Go calls as C.z3w_NAME. Nothing
// links with -lz3: a run that never makes a Context never loads Z3.
#ifndef Z3LAZY_H
#define Z3LAZY_H

#include <z3.h>

#define Z3W(R, name, params, args) \
	extern R(*z3w_p_##name) params; \
	static inline R z3w_##name params { return z3w_p_##name args; }
#define Z3V(name, params, args) \
	extern void(*z3w_p_##name) params; \
	static inline void z3w_##name params { z3w_p_##name args; }
#include "z3funcs.h"
#undef Z3W
#undef Z3V

// z3w_load loads libz3 and sets every function pointer. It returns NULL on
// success, else a message naming what is missing. Call it once, before
// any wrapper.
const char *z3w_load(void);

#endif
