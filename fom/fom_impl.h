/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_impl.h - internals shared by fom_parse.c (XML -> module),
 * fom_validate.c (module -> checked merge) and fom_model.c (model storage,
 * indexes, lookups).  Not part of the fom.h contract.
 */
#ifndef RTI_FOM_IMPL_H
#define RTI_FOM_IMPL_H

#include "fom.h"
#include "idmap.h"

#define FOM_AMBIGUOUS UINT32_MAX

/* One parsed module, independent of libxml2.  Everything (strings and
 * arrays) lives in the module's arena and is released by fom_module_free.
 * `has_order`/`has_transport` are 0 when the XML did not say. */
struct fom_mmember {                /* attribute or parameter */
	const char *name;
	const char *datatype;           /* <dataType>, NULL when absent */
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

/* A datatype as written: every property is the trimmed text of the XML
 * attribute or child element of that name, NULL when absent (fom_types.c
 * reads them).  Items are the enumerators, fields or alternatives. */
struct fom_mdt_item {
	const char *name;
	int line;
	const char *datatype;           /* field, alternative */
	const char *enumerator;         /* alternative: its set (the texts
	                                 * of several <enumerator>, joined
	                                 * by ", ") */
	const char *semantics;
	uint32_t n_values;              /* enumerator */
	const char *const *values;
};

struct fom_mdatatype {
	uint8_t kind;                   /* enum fom_dt_kind */
	uint8_t form2000;               /* properties as XML attributes */
	const char *name;
	int line;
	const char *semantics;
	const char *size, *interpretation, *endian;     /* basic */
	const char *encoding;
	const char *representation;     /* simple, enumerated */
	const char *units, *resolution, *accuracy;      /* simple */
	const char *datatype;           /* array element, discriminant's */
	const char *cardinality;
	const char *discriminant;
	uint32_t n_items;
	const struct fom_mdt_item *items;
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
	uint32_t n_datatypes;
	const struct fom_mdatatype *datatypes;  /* document order */
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
    uint8_t order, uint8_t transport, uint32_t n_dims, const uint32_t *dims,
    const char *datatype, uint32_t module, int line);
uint32_t fom_add_param(struct fom *f, uint32_t cls, const char *name,
    const char *datatype, uint32_t module, int line);
uint32_t fom_add_dim(struct fom *f, const char *name, uint64_t upper_bound,
    uint8_t defined);
int fom_add_module(struct fom *f, const char *name, const char *model_name);
/* Direct child of `parent` named `name`, declared member of `cls`. */
uint32_t fom_ochild(const struct fom *f, uint32_t parent, const char *name);
uint32_t fom_ichild(const struct fom *f, uint32_t parent, const char *name);
uint32_t fom_attr_decl(const struct fom *f, uint32_t cls, const char *name);
uint32_t fom_param_decl(const struct fom *f, uint32_t cls, const char *name);

/* Datatype storage (fom_model.c): index `name` as handle `h` (room made
 * first with fom_dt_reserve, so that the put cannot fail), and grow the
 * datatype array for one more.  -1 on ENOMEM (model unchanged). */
int fom_dt_reserve(struct fom *f);
void fom_dt_index(struct fom *f, const char *name, uint32_t h);
/* Append warning `msg` about `file`:`line` (fom_types.c); -1 on ENOMEM,
 * `f` unchanged. */
int fom_warn_add(struct fom *f, const char *file, int line, const char *msg);
/* The number of warnings at the head of f->warnings that no later load
 * changes (the others describe the model's state and are rebuilt). */
uint32_t *fom_warn_kept(struct fom *f);

/* fom_types.c: datatypes of the model.
 *  fom_types_add: check module `m`'s datatype definitions (module index
 *    `module`, 1-based, 0 for the built-in MIM; `file` labels it) and add
 *    the new ones to `f`; identical redefinitions are dropped.
 *  fom_types_finish: after a module's datatypes and classes are in `f`
 *    (and its name in module_names): resolve, check and lay out every
 *    datatype not resolved yet, give attributes and parameters their
 *    datatypes, rebuild the warnings.  `deps_missing`: the module declares
 *    a Dependency not loaded yet, so that names it uses may be defined
 *    later.
 * Both 0, or -1 with err filled; `f` is then to be discarded (the merge
 * works on a copy). */
int fom_types_add(struct fom *f, const struct fom_module *m, uint32_t module,
    const char *file, struct fom_error *err);
int fom_types_finish(struct fom *f, uint32_t module, int deps_missing,
    struct fom_error *err);
/* The MIM's datatypes into a new model; 0 or -1 on ENOMEM. */
int fom_types_builtin(struct fom *f);
/* Deep copy of the datatypes and warnings of `f` into `c` (whose arrays
 * are empty): 0 or -1 on ENOMEM (c stays freeable). */
int fom_types_clone(struct fom *c, const struct fom *f);
void fom_types_free(struct fom *f);
/* Entries a merge copies: datatypes and their items, warnings. */
uint64_t fom_types_entries(const struct fom *f);
/* One line about attribute/parameter datatype `h` named `name` (print). */
void fom_types_print_ref(const struct fom *f, FILE *out, uint32_t h,
    const char *name);
void fom_types_print(const struct fom *f, FILE *out);

/*
 * A set of names, each with a number (an index or a handle): the
 * short-lived indexes of a definition's items (duplicates), an
 * enumeration's enumerators, the members below a class.  Names are
 * borrowed; the set is proto/'s idmap, keyed as `f`'s own tables (names
 * come from modules), in one block sized at init for at most `cap`
 * names.  fom_nameset_init: 0 or -1 on ENOMEM (the set may be freed
 * either way, as may a set zeroed and never initialised).
 * fom_nameset_add: NULL, or the entry that already holds `name` (then
 * nothing is added).  fom_nameset_get: the entry of `name`, or NULL.
 */
struct fom_named {
	struct idmap_node node;
	const char *name;
	uint32_t v;
};
struct fom_nameset {
	struct idmap map;
	struct fom_named *e;    /* NULL until initialised */
	uint32_t n, cap;
};
int fom_nameset_init(struct fom_nameset *s, const struct fom *f,
    uint32_t cap);
const struct fom_named *fom_nameset_add(struct fom_nameset *s,
    const char *name, uint32_t v);
const struct fom_named *fom_nameset_get(const struct fom_nameset *s,
    const char *name);
void fom_nameset_free(struct fom_nameset *s);

/* fom_err: fill err (file, line, printf-style message); returns -1. */
int fom_err(struct fom_error *err, const char *file, int line,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
