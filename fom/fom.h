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
	int budget;          /* 1: refused because a fom_budget ran out */
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

/* Limits of one module, each refused with an error naming the module, the
 * line and the limit (rti-fom(5) LIMITS).  A module holds no entity or
 * other DTD declarations (only the five predefined entities may be
 * redeclared), so nothing in it expands beyond its own bytes. */
#define FOM_MAX_MODULE_BYTES (16u * 1024 * 1024) /* = WIRE_DEFAULT_MAX_FRAME */
#define FOM_MAX_NODES 250000u   /* elements, comments, PIs, CDATA sections */
#define FOM_MAX_DEPTH 64u       /* element nesting, document element = 1 */
#define FOM_MAX_XML_ATTRS 64u   /* XML attributes (and xmlns) on an element */
#define FOM_MAX_NAME 1024u      /* bytes of a name, simple or qualified, and
                                 * of an XML name; = WIRE_MAX_NAME */
#define FOM_MAX_OCLASSES 16384u /* object classes in one module */
#define FOM_MAX_ICLASSES 16384u /* interaction classes in one module */
#define FOM_MAX_ATTRS 65536u    /* attributes in one module */
#define FOM_MAX_PARAMS 65536u   /* parameters in one module */
#define FOM_MAX_DIMS 1024u      /* dimensions declared in one module */
#define FOM_MAX_DIMREFS 32u     /* dimensions of one attribute or class */

/* Work bound over several loads, e.g. every module of one create or join:
 * a load is refused when it would exceed what is left, and each load,
 * successful or not, is charged what it used.  `nodes` counts the XML
 * nodes parsed (as FOM_MAX_NODES) plus, per merge, one per entry (class,
 * attribute, parameter, dimension) of the model merged into, since a merge
 * copies the model.  fom_budget_init sets the defaults below. */
struct fom_budget {
	size_t bytes;           /* module bytes */
	uint64_t nodes;         /* XML nodes and merge copies */
	uint32_t modules;       /* loads */
};

#define FOM_BUDGET_BYTES (64u * 1024 * 1024)
#define FOM_BUDGET_NODES 1000000u
#define FOM_BUDGET_MODULES 256u

void fom_budget_init(struct fom_budget *b);

/* Parse one module (IEEE 1516-2010 or 1516-2000 OMT XML, UTF-8) and merge
 * it into `f`.  `name` labels errors (usually the path).  Returns 0 on
 * success, -1 on failure with `err` filled; on failure `f` is exactly as
 * before the call.  Errors never quote bytes of a document that is not an
 * objectModel; names of FOM items may appear in them.
 *
 * The _budget variants also charge `b` (NULL: no budget beyond the
 * per-module limits).  fom_load_file opens only regular files, without
 * blocking, and checks the size before reading.
 *
 * Thread safety: any thread may load into its own model; the loader keeps
 * no global state and initialises libxml2 once (pthread_once) itself.
 * fom_init may be called on the main thread first to do that early. */
int fom_load_file(struct fom *f, const char *path, struct fom_error *err);
int fom_load_string(struct fom *f, const char *xml, size_t len,
    const char *name, struct fom_error *err);
int fom_load_file_budget(struct fom *f, const char *path,
    struct fom_budget *b, struct fom_error *err);
int fom_load_string_budget(struct fom *f, const char *xml, size_t len,
    const char *name, struct fom_budget *b, struct fom_error *err);
void fom_init(void);

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
