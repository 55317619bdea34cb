/* SPDX-License-Identifier: Apache-2.0 */
/*
 * fom_types_int.h - what the three files of the datatypes share, and no
 * other file: the context of a merge step (struct fom_tctx) and the
 * helpers of fom_types.c that reading (fom_types_read.c) and resolution
 * (fom_types_check.c) use.  The steps themselves are in fom_impl.h
 * (fom_types_add, fom_types_finish, ...); fom_types.c says how they go.
 */
#ifndef RTI_FOM_TYPES_INT_H
#define RTI_FOM_TYPES_INT_H

#include <stdint.h>

#include "fom_impl.h"

#define FOM_T_MIM_FILE "the MIM (built in)"

struct fom_tenum;

/* One step of a merge (fom_types_add or fom_types_finish) on model f. */
struct fom_tctx {
	struct fom *f;
	uint32_t module;                /* being merged; 0: built in */
	const char *file;               /* its name */
	struct fom_error *err;
	int deps_missing;
	uint8_t *state;                 /* finish: per handle, FOM_TS_* */
	struct fom_tenum **enums;       /* finish: per handle, lazily
	                                 * (fom_types_check.c) */
	const char *tfile;              /* finish: file of the datatype
	                                 * being checked */
	uint32_t selections;            /* enumerators selected so far */
};

#define FOM_TS_NEW 0
#define FOM_TS_ON_STACK 1
#define FOM_TS_DONE 2
#define FOM_TS_PENDING 3

/* An enumerator's value and index, sorted by fom_t_cmp_val (value, then
 * index). */
struct fom_tval {
	int64_t v;
	uint32_t e;
};

/* fom_types.c.  fom_t_nomem: the error "out of memory", -1.  fom_t_na:
 * 1 for a property meaning "none" (absent, empty or NA).
 * fom_t_kind_what: "simple datatype" and the like; fom_t_a: its article
 * ("a" or "an").  fom_t_file: the file of module `module` (1-based; the
 * current one while it is not in module_names yet).  fom_t_warn: append a
 * warning, -1 with the error on ENOMEM; fom_t_warn_truncate: drop the
 * warnings after the first n.  fom_t_free_one: free what a datatype owns.
 * fom_t_sdup: *dst = a copy of src (NULL stays NULL); fom_t_calloc: a
 * zeroed array of n (NULL for 0); both -1 on ENOMEM. */
int fom_t_nomem(struct fom_tctx *x);
int fom_t_na(const char *s);
const char *fom_t_kind_what(unsigned kind);
const char *fom_t_a(unsigned kind);
const char *fom_t_file(const struct fom_tctx *x, uint32_t module);
int fom_t_warn(struct fom_tctx *x, const char *file, int line,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void fom_t_warn_truncate(struct fom *f, uint32_t n);
void fom_t_free_one(struct fom_datatype *t);
int fom_t_sdup(char **dst, const char *src);
int fom_t_calloc(void **dst, size_t n, size_t size);

/* fom_types_read.c.  fom_t_cmp_val: qsort order of struct fom_tval.
 * fom_t_or_na: s, or "NA" for NULL. */
int fom_t_cmp_val(const void *a, const void *b);
const char *fom_t_or_na(const char *s);

#endif
