/*
 * fom.h - FOM model, loader and lookups (internal; shared by rtiexec and
 * librti through libfom.la, never installed).
 *
 * A `struct fom` is one merged federation object model: the HLAstandardMIM
 * roots plus every module merged into it, in order.  Handles are small
 * dense integers assigned deterministically in document order: loading the
 * same modules in the same order always yields the same handles.  Handle 0
 * is never valid.  Every handle space is separate:
 *   object classes   1..n_oclasses     (1 = HLAobjectRoot)
 *   attributes       1..n_attrs        (1 = HLAprivilegeToDeleteObject);
 *                    an attribute handle is unique across all classes and
 *                    an inherited attribute keeps its handle in subclasses
 *   interactions     1..n_iclasses     (1 = HLAinteractionRoot)
 *   parameters       1..n_params       (unique across all interactions)
 *   dimensions       1..n_dims
 *
 * Only fom_parse.c includes libxml2.
 */
#ifndef RTI_FOM_H
#define RTI_FOM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FOM_ORDER_RECEIVE 0
#define FOM_ORDER_TIMESTAMP 1

#define FOM_TRANSPORT_RELIABLE 0   /* HLAreliable and anything unknown */
#define FOM_TRANSPORT_BEST_EFFORT 1 /* HLAbestEffort */

struct fom_index;

/* Error report of a failed load or merge.  `file` is the module name given
 * to the loader, `line` the 1-based XML line (0 when not tied to a line). */
struct fom_error {
	char file[256];
	int line;
	char msg[512];
};

struct fom_attribute {
	uint32_t handle;
	char *name;
	uint32_t oclass;     /* declaring class */
	uint8_t order;       /* FOM_ORDER_* */
	uint8_t transport;   /* FOM_TRANSPORT_* */
	uint32_t n_dims;
	uint32_t *dims;      /* dimension handles */
};

struct fom_oclass {
	uint32_t handle;
	char *name;          /* simple name, e.g. "Breaker" */
	char *qname;         /* "HLAobjectRoot.Equipment.Breaker" */
	uint32_t parent;     /* 0 for HLAobjectRoot */
	uint32_t n_attrs;    /* attributes declared on this class only */
	uint32_t *attrs;     /* their handles, document order */
	uint32_t n_children;
	uint32_t *children;
	uint32_t depth;      /* 0 for the root */
};

struct fom_parameter {
	uint32_t handle;
	char *name;
	uint32_t iclass;     /* declaring interaction class */
};

struct fom_iclass {
	uint32_t handle;
	char *name;
	char *qname;         /* "HLAinteractionRoot.Switching.Open" */
	uint32_t parent;     /* 0 for HLAinteractionRoot */
	uint8_t order;
	uint8_t transport;
	uint32_t n_dims;
	uint32_t *dims;
	uint32_t n_params;   /* declared on this class only */
	uint32_t *params;
	uint32_t n_children;
	uint32_t *children;
	uint32_t depth;
};

struct fom_dimension {
	uint32_t handle;
	char *name;
	uint64_t upper_bound; /* from <upperBound>; 0 when absent means 2^32-1 */
	uint8_t defined;      /* 0: only referenced so far, by a module whose
	                       * declared Dependency was not loaded yet; a later
	                       * module defining it sets the bound and 1 */
};

struct fom {
	uint32_t n_oclasses;
	struct fom_oclass *oclasses;    /* index = handle - 1 */
	uint32_t n_attrs;
	struct fom_attribute *attrs;
	uint32_t n_iclasses;
	struct fom_iclass *iclasses;
	uint32_t n_params;
	struct fom_parameter *params;
	uint32_t n_dims;
	struct fom_dimension *dims;
	uint32_t n_modules;
	char **module_names;            /* as given to the loader */
	char **model_names;             /* modelIdentification name (2010) or
	                                 * objectModel@name (2000), "" if none */
	struct fom_index *index;        /* private name indexes (fom_model.c) */
};

/* A new model holding only the MIM roots (HLAobjectRoot with
 * HLAprivilegeToDeleteObject, HLAinteractionRoot).  NULL on ENOMEM. */
struct fom *fom_new(void);
void fom_free(struct fom *f);

/* Parse one module (IEEE 1516-2010 or 1516-2000 OMT XML) and merge it into
 * `f`.  `name` labels errors (usually the path).  Returns 0 on success, -1 on
 * failure with `err` filled; on failure `f` is exactly as before the call. */
int fom_load_file(struct fom *f, const char *path, struct fom_error *err);
int fom_load_string(struct fom *f, const char *xml, size_t len,
    const char *name, struct fom_error *err);

/* Lookups.  Names may be qualified ("HLAobjectRoot.A.B", "A.B") or simple
 * ("B") when unambiguous.  Return 0 when not found. */
uint32_t fom_oclass_by_name(const struct fom *f, const char *name);
uint32_t fom_iclass_by_name(const struct fom *f, const char *name);
uint32_t fom_dim_by_name(const struct fom *f, const char *name);
/* Attribute or parameter visible in `cls` (declared there or inherited). */
uint32_t fom_attr_by_name(const struct fom *f, uint32_t cls, const char *name);
uint32_t fom_param_by_name(const struct fom *f, uint32_t cls, const char *name);

/* Pointer into the model or NULL when the handle is out of range. */
const struct fom_oclass *fom_oclass(const struct fom *f, uint32_t h);
const struct fom_iclass *fom_iclass(const struct fom *f, uint32_t h);
const struct fom_attribute *fom_attr(const struct fom *f, uint32_t h);
const struct fom_parameter *fom_param(const struct fom *f, uint32_t h);
const struct fom_dimension *fom_dim(const struct fom *f, uint32_t h);

/* 1 when `sub` equals `super` or descends from it, else 0. */
int fom_oclass_is_a(const struct fom *f, uint32_t sub, uint32_t super);
int fom_iclass_is_a(const struct fom *f, uint32_t sub, uint32_t super);
/* 1 when attribute/parameter `a` is declared on `cls` or an ancestor. */
int fom_oclass_has_attr(const struct fom *f, uint32_t cls, uint32_t a);
int fom_iclass_has_param(const struct fom *f, uint32_t cls, uint32_t p);

/* Print the class trees with handles (used by rtiexec --check-fom). */
void fom_print(const struct fom *f, FILE *out);

#endif
