/* SPDX-License-Identifier: Apache-2.0 */
/*
 * owm_int.h - what the files of the OWM module share (owm.c, owm_save.c)
 * and nothing else includes: what is in flight per instance, the
 * callbacks an operation batches, the per-federation state, and the
 * save hooks.  The module's interface is owm.h.
 */
#ifndef RTI_OWM_INT_H
#define RTI_OWM_INT_H

#include "idmap.h"
#include "owm.h"

struct owm_pend {
	uint32_t fed;
	uint32_t attr;
	uint8_t if_avail;         /* made by acquisition if available */
};

/* What is in flight on one instance. */
struct owm_obj {
	struct idmap_node node;   /* in the table by instance handle */
	uint32_t obj;
	uint32_t *div;            /* attributes under negotiated divestiture */
	size_t n_div, cap_div;
	struct owm_pend *pend;    /* pending acquisitions, oldest first */
	size_t n_pend, cap_pend;
};

/* Callbacks an operation produces, sent per federate when it is done. */
enum {
	B_ACQUIRED = 0,
	B_CONFIRM,
	B_RELEASE,
	B_UNAVAILABLE,
	B_CANCELLED,
	B_ASSUME,
	B_COUNT
};

struct owm_pair {
	uint32_t fed;
	uint32_t attr;
};

struct owm_batch {
	struct owm_pair *e;
	size_t n, cap;
	const void *tag;
	uint32_t tag_len;
};

struct owm_fx {
	struct idmap objs;        /* owm_obj by instance handle */
	struct owm_batch b[B_COUNT];
	struct wire_buf out;
};

static inline struct owm_fx *
owm_fxst(struct federation *fx)
{
	return fx->mod[MOD_OWM];
}

/* owm.c: the entry of table node `n` (NULL for NULL); free an entry that
 * is not (or no longer) in a table. */
struct owm_obj *owm_obj_of(struct idmap_node *n);
void owm_obj_free(struct owm_obj *oo);

/* owm_save.c: the save and restore hooks (server.h, rti-save(5)). */
int owm_save_state(struct federation *fx, struct wire_buf *out);
int owm_restore_stage(struct federation *fx,
    const struct restore_saved *saved, struct wire_rd *rd, void **staged,
    char *msg, size_t len);
void owm_restore_apply(struct federation *fx, void *staged);
void owm_restore_discard(void *staged);
int owm_restore_sync(struct federate *f);

#endif
