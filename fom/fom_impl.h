/*
 * fom_impl.h - internals shared by fom_parse.c (XML -> module),
 * fom_validate.c (module -> checked merge) and fom_model.c (model storage,
 * indexes, lookups).  Not part of the fom.h contract.
 */
#ifndef RTI_FOM_IMPL_H
#define RTI_FOM_IMPL_H

#include "fom.h"

#define FOM_AMBIGUOUS UINT32_MAX

/* One parsed module, independent of libxml2.  Everything (strings and
 * arrays) lives in the module's arena and is released by fom_module_free.
 * `has_order`/`has_transport` are 0 when the XML did not say. */
struct fom_mmember {                /* attribute or parameter */
	const char *name;
	int line;
	uint8_t order, transport, has_order, has_transport;
	uint32_t n_dims;
	const char **dims;
	int *dim_lines;
};

struct fom_mclass {                 /* object or interaction class */
	const char *name;
	int line;
	uint8_t order, transport, has_order, has_transport;
	uint32_t n_dims;
	const char **dims;
	int *dim_lines;
	uint32_t n_members;
	struct fom_mmember *members;
	uint32_t n_children;
	struct fom_mclass *children;
};

struct fom_mdim {
	const char *name;
	int line;
	uint64_t upper_bound;           /* 0 when absent */
};

struct fom_arena;

struct fom_module {
	struct fom_arena *arena;
	const char *model_name;         /* "" when absent */
	uint32_t n_deps;
	const char **deps;              /* Dependency identifications */
	uint32_t n_oroots;
	struct fom_mclass *oroots;      /* top-level <objectClass> elements */
	uint32_t n_iroots;
	struct fom_mclass *iroots;
	uint32_t n_dims;
	struct fom_mdim *dims;
};

/* fom_parse.c: parse XML into a fresh module (*out, caller frees with
 * fom_module_free).  At most `max_nodes` XML nodes are parsed (a limit set
 * by a budget when `budget` is 1, which the error then says); *nodes gets
 * the number parsed, also on failure.  0, or -1 with err filled. */
int fom_parse_module(const char *xml, size_t len, const char *name,
    uint32_t max_nodes, int budget, uint32_t *nodes,
    struct fom_module **out, struct fom_error *err);
void fom_module_free(struct fom_module *m);

/* fom_validate.c: check `m` against `f` and merge it.  On failure `f` is
 * untouched and err filled.  `name` labels the module. */
int fom_merge_module(struct fom *f, const struct fom_module *m,
    const char *name, struct fom_error *err);

/* fom_model.c: storage primitives used by the merge; no semantic checks.
 * Adders return the new handle, 0 on ENOMEM (model stays consistent). */
struct fom *fom_clone(const struct fom *f);
void fom_swap(struct fom *a, struct fom *b);
uint32_t fom_add_oclass(struct fom *f, uint32_t parent, const char *name);
uint32_t fom_add_iclass(struct fom *f, uint32_t parent, const char *name,
    uint8_t order, uint8_t transport, uint32_t n_dims, const uint32_t *dims);
uint32_t fom_add_attr(struct fom *f, uint32_t cls, const char *name,
    uint8_t order, uint8_t transport, uint32_t n_dims, const uint32_t *dims);
uint32_t fom_add_param(struct fom *f, uint32_t cls, const char *name);
uint32_t fom_add_dim(struct fom *f, const char *name, uint64_t upper_bound,
    uint8_t defined);
int fom_add_module(struct fom *f, const char *name, const char *model_name);
/* Direct child of `parent` named `name`, declared member of `cls`. */
uint32_t fom_ochild(const struct fom *f, uint32_t parent, const char *name);
uint32_t fom_ichild(const struct fom *f, uint32_t parent, const char *name);
uint32_t fom_attr_decl(const struct fom *f, uint32_t cls, const char *name);
uint32_t fom_param_decl(const struct fom *f, uint32_t cls, const char *name);

/* Keyed hash of a name under `f`'s secret key (for tables built from
 * module names outside fom_model.c). */
uint32_t fom_name_hash(const struct fom *f, const char *name);

/* fom_err: fill err (file, line, printf-style message); returns -1. */
int fom_err(struct fom_error *err, const char *file, int line,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
