// z3lazy.c loads libz3 on first use (see z3lazy.h).
#include <dlfcn.h>
#include <stddef.h>
#include "z3lazy.h"

#define Z3W(R, name, params, args) R(*z3w_p_##name) params;
#define Z3V(name, params, args) void(*z3w_p_##name) params;
#include "z3funcs.h"
#undef Z3W
#undef Z3V

// libraries are the names tried, the versioned one first: Debian's
// libz3-4 ships only libz3.so.4, libz3-dev adds the libz3.so link.
static const char *const libraries[] = {"libz3.so.4", "libz3.so"};

const char *z3w_load(void) {
	void *h = NULL;
	const char *err = "cannot load libz3";
	for (size_t i = 0; i < sizeof libraries / sizeof libraries[0] && h == NULL; i++) {
		h = dlopen(libraries[i], RTLD_NOW | RTLD_LOCAL);
		if (h == NULL) {
			err = dlerror();
		}
	}
	if (h == NULL) {
		return err;
	}
#define Z3W(R, name, params, args) \
	if ((*(void **)&z3w_p_##name = dlsym(h, "Z3_" #name)) == NULL) { \
		return "libz3 has no function Z3_" #name; \
	}
#define Z3V(name, params, args) Z3W(void, name, params, args)
#include "z3funcs.h"
#undef Z3W
#undef Z3V
	return NULL;
}
