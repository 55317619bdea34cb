/* SPDX-License-Identifier: Apache-2.0 */
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
 *   datatypes        1..n_datatypes (1..FOM_MIM_DATATYPES: the MIM's,
 *                    built in; then each module's new ones in document
 *                    order)
 *
 * Only fom_parse.c includes libxml2.
 */
#ifndef RTI_FOM_H
#define RTI_FOM_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Datatypes every model holds, from HLAstandardMIM (IEEE 1516.1-2010). */
#define FOM_MIM_DATATYPES 53u

/* The HLAstandardMIM module rti ships (data/fom/HLAstandardMIM.xml, the
 * MIM's classes, attributes, interactions, parameters, dimensions and
 * datatypes), compiled in (fom_mim.c is generated from the file), and the
 * designator it goes by.  Loading it alone yields the same model as the
 * standard's file. */
#define FOM_MIM_DESIGNATOR "HLAstandardMIM"
extern const char fom_mim_xml[];
extern const size_t fom_mim_xml_len;

#define FOM_ORDER_RECEIVE 0
#define FOM_ORDER_TIMESTAMP 1

#define FOM_TRANSPORT_RELIABLE 0   /* HLAreliable and anything unknown */
#define FOM_TRANSPORT_BEST_EFFORT 1 /* HLAbestEffort */

struct fom_index;

/* Error report of a failed load or merge.  `file` is the module name given
 * to the loader (PATH_MAX holds any path the loader could open), `line`
 * the 1-based XML line (0 when not tied to a line). */
struct fom_error {
	char file[PATH_MAX];
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
	uint32_t datatype;   /* datatype handle; 0: none or not defined */
	char *datatype_name; /* <dataType> as written, NULL when absent */
	uint32_t module;     /* 1-based index in module_names of the first
	                      * module declaring it; 0: built in */
	int line;            /* its line there */
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
	uint32_t datatype;   /* as for attributes */
	char *datatype_name;
	uint32_t module;
	int line;
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

/*
 * Datatypes (IEEE 1516.2-2010 clause 4.12, encodings 4.13), for the codec
 * that encodes and decodes values by them, the MOM and any other reader of
 * the model.  Every datatype has a handle (index = handle - 1), a kind and
 * the kind's definition; references to other datatypes are handles, 0
 * while the name is not defined yet (the name is kept beside each).  The
 * layout (fixed, size, boundary) follows the rules of rti-fom(5)
 * DATATYPES and fom_types.c; it is valid when `encodable` is 1.  A
 * datatype that is not encodable has opaque values: `opaque` says why.
 */
enum fom_dt_kind {
	FOM_DT_BASIC = 1,       /* basic data representation */
	FOM_DT_SIMPLE,
	FOM_DT_ENUMERATED,
	FOM_DT_ARRAY,
	FOM_DT_FIXED_RECORD,
	FOM_DT_VARIANT_RECORD
};

/* How values of a datatype are laid out. */
enum fom_dt_encoding {
	FOM_ENC_BASIC = 1,      /* basic: `bits` in `endian` order; simple and
	                         * enumerated: as their representation */
	FOM_ENC_FIXED_ARRAY,    /* HLAfixedArray */
	FOM_ENC_VARIABLE_ARRAY, /* HLAvariableArray */
	FOM_ENC_FIXED_RECORD,   /* HLAfixedRecord */
	FOM_ENC_VARIANT_RECORD, /* HLAvariantRecord */
	FOM_ENC_OTHER           /* a user-defined encoding, named by
	                         * encoding_name: values opaque */
};

/* How the bits of a basic representation read: from the name for the
 * MIM's thirteen, else from the words of <interpretation> and <encoding>
 * (rti-fom(5) DATATYPES). */
enum fom_basic_class {
	FOM_BASIC_SIGNED = 1,   /* two's complement integer */
	FOM_BASIC_UNSIGNED,     /* unsigned integer */
	FOM_BASIC_FLOAT,        /* IEEE 754 binary32 or binary64 */
	FOM_BASIC_OCTETS        /* uninterpreted (HLAoctet, HLAoctetPair) */
};

#define FOM_ENDIAN_BIG 0
#define FOM_ENDIAN_LITTLE 1

/* Largest element count of an array: an HLAinteger32BE count. */
#define FOM_CARD_MAX 2147483647u

/* One dimension of an array's cardinality: "N" is [N, N], "[l..u]" is
 * [l, u], "Dynamic" is [0, FOM_CARD_MAX] with `dynamic` set. */
struct fom_cardinality {
	uint32_t lower, upper;
	uint8_t dynamic;
};

struct fom_enumerator {
	char *name;
	int line;            /* of its definition (0: built in), as for
	                      * fields and alternatives */
	uint32_t n_values;   /* >= 1; 0 only in an opaque enumeration */
	int64_t *values;
};

struct fom_field {
	char *name;
	int line;
	uint32_t type;       /* datatype handle, 0 while not defined */
	char *type_name;
	char *semantics;     /* NULL when absent */
};

struct fom_alternative {
	char *name;          /* NULL when absent (an alternative without
	                      * data may have none) */
	int line;
	uint32_t type;       /* datatype handle; 0: no data (NA), or not
	                      * defined yet when type_name is set */
	char *type_name;     /* NULL for NA */
	char *enumerators;   /* the enumerator set as written ("A",
	                      * "A, B", "[A..C]", "HLAother") */
	uint8_t other;       /* 1: HLAother, the enumerators no other
	                      * alternative selects */
	uint32_t n_selected; /* enumerators selected (0 for HLAother) */
	uint32_t *selected;  /* their indexes in the discriminant datatype's
	                      * enumerators, ascending */
	char *semantics;
};

struct fom_datatype {
	uint32_t handle;
	uint8_t kind;        /* enum fom_dt_kind */
	uint8_t encoding;    /* enum fom_dt_encoding */
	uint8_t resolved;    /* 1: every datatype it names, directly or not,
	                      * is defined; 0: waits for a module declared as
	                      * a Dependency and not loaded yet */
	uint8_t encodable;   /* 1: values follow the HLA encoding rules and
	                      * the layout below is valid */
	uint8_t fixed;       /* 1: every value encodes to `size` octets */
	uint8_t form2000;    /* written in the 1516-2000 form (XML
	                      * attributes), whose omissions rti tolerates */
	char *name;
	uint32_t module;     /* 1-based index in module_names; 0: built in */
	int line;            /* of its definition there (0: built in) */
	char *semantics;     /* NULL when absent */
	char *encoding_name; /* arrays and records: <encoding> as written;
	                      * basic: its descriptive <encoding>; else NULL */
	char *opaque;        /* when not encodable: why; else NULL */
	uint32_t size;       /* octets, when fixed */
	uint32_t boundary;   /* octet boundary (alignment), >= 1 */
	uint32_t depth;      /* nesting: 1 basic, 2 simple and enumerated,
	                      * 1 + the deepest part for the others */
	union {
		struct {
			uint32_t bits;
			uint8_t endian;          /* FOM_ENDIAN_* */
			uint8_t cls;             /* enum fom_basic_class */
			char *interpretation;    /* NULL when absent */
		} basic;
		struct {
			uint32_t representation; /* a basic datatype */
			char *representation_name;
			char *units;     /* NULL when absent or NA, as are: */
			char *resolution;
			char *accuracy;
		} simple;
		struct {
			uint32_t representation; /* a basic datatype */
			char *representation_name;
			uint32_t n_enumerators;
			struct fom_enumerator *enumerators;
		} enumerated;
		struct {
			uint32_t element;
			char *element_name;
			char *cardinality;       /* as written */
			uint32_t n_dims;         /* >= 1; HLAfixedArray
			                          * elements: the product */
			struct fom_cardinality *dims;
		} array;
		struct {
			uint32_t n_fields;
			struct fom_field *fields;
		} record;
		struct {
			char *discriminant;      /* its name */
			uint32_t type;           /* an enumerated datatype */
			char *type_name;
			uint32_t n_alternatives;
			struct fom_alternative *alternatives;
		} variant;
	} u;
};

/* A warning of the model: the module (file as given to the loader), the
 * line (0 when not tied to one) and the text.  The list describes the
 * model as it is after the last load: a name a later module defines is no
 * longer reported. */
struct fom_warning {
	char *file;
	int line;
	char *msg;
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
	uint32_t n_datatypes;
	struct fom_datatype *datatypes; /* index = handle - 1 */
	uint32_t n_warnings;
	struct fom_warning *warnings;
	struct fom_index *index;        /* private name indexes (fom_model.c) */
};

/* A new model holding only the MIM roots (HLAobjectRoot with
 * HLAprivilegeToDeleteObject, HLAinteractionRoot) and the MIM's
 * FOM_MIM_DATATYPES datatypes.  NULL on ENOMEM. */
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
#define FOM_MAX_DATATYPES 16384u /* datatypes defined in one module */
#define FOM_MAX_ENUMERATORS 65536u /* enumerator values in one module */
#define FOM_MAX_FIELDS 65536u   /* fields of fixed records in one module */
#define FOM_MAX_ALTERNATIVES 65536u /* alternatives of variant records in
                                 * one module, plus the enumerators their
                                 * sets name (a range counts each) */
#define FOM_MAX_DT_DEPTH 32u    /* nesting depth of a datatype (depth) */
#define FOM_MAX_ARRAY_DIMS 8u   /* dimensions of an array's cardinality */
#define FOM_MAX_BASIC_BITS 4096u /* size of a basic data representation */

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
 * before the call (its warnings included).  Errors never quote bytes of a
 * document that is not an objectModel; names of FOM items may appear in
 * them.  After a successful load f->warnings holds the model's warnings
 * (an attribute naming a datatype no module defines, ...): the caller
 * reports them, and a strict caller treats them as errors.
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

/* The compact binary form of a module (fom_module.c), which rtiexec sends
 * to joiners so that librti reads no XML (and need not load libxml2).
 * fom_bin_of_xml: parse XML module `xml` (as fom_load_string, without
 * merging it) and append its compact form to `out`; 0, or -1 with err
 * filled.  fom_load_bin: merge compact form `p` into `f` as fom_load_string
 * merges a text (the same checks, the same failure guarantee); the bytes
 * are untrusted: malformed input is refused with err filled.
 * fom_module_is_bin: 1 when `p` starts as a compact form does. */
struct wire_buf;
int fom_bin_of_xml(const char *xml, size_t len, const char *name,
    struct wire_buf *out, struct fom_error *err);
int fom_load_bin(struct fom *f, const void *p, size_t len, const char *name,
    struct fom_error *err);
int fom_module_is_bin(const void *p, size_t len);

/* The merged model `f` as one OMT document (IEEE 1516.2-2010 DIF form,
 * UTF-8), its modelIdentification named `name`, appended to `out`
 * (fom_write.c): what the model keeps (classes, attributes, interactions,
 * parameters with their datatypes, dimensions, transportations and
 * orders; dimensions; datatypes), not what it drops (sharing, update
 * types, notes, prose).  It loads back into a model of the same names
 * and handles.  0, or -1 on ENOMEM (out->oom). */
int fom_write_fdd(const struct fom *f, const char *name,
    struct wire_buf *out);

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

/* Datatype `name`, 0 when not defined. */
uint32_t fom_datatype_by_name(const struct fom *f, const char *name);
/* Pointer into the model or NULL when the handle is out of range. */
const struct fom_datatype *fom_datatype(const struct fom *f, uint32_t h);
/* "basic", "simple", "enumerated", "array", "fixed record", "variant
 * record"; "?" for another value. */
const char *fom_dt_kind_name(unsigned kind);
/* The enumerator of enumerated datatype `t` that has value `v`: its index,
 * or -1 (also when t is not enumerated). */
int64_t fom_enumerator_of(const struct fom_datatype *t, int64_t v);
/* The alternative of variant record `t` that enumerator `e` (an index in
 * the discriminant datatype's enumerators) selects: its index + 1, or 0
 * when none does (the value then holds the discriminant only). */
uint32_t fom_alternative_of(const struct fom *f, const struct fom_datatype *t,
    uint32_t e);

/* Print the class trees with handles (used by rtiexec --check-fom). */
void fom_print(const struct fom *f, FILE *out);
/* The same with each attribute's and parameter's datatype and its layout,
 * then every datatype (rtiexec --check-fom --verbose). */
void fom_print_verbose(const struct fom *f, FILE *out);

#endif
