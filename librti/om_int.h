/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_int.h - what the files of librti's object management share (om.c,
 * om_send.c, om_recv.c), and no other module: the table of the instances
 * this federate knows, with the attributes it owns, and OM's state.
 */
#ifndef LIBRTI_OM_INT_H
#define LIBRTI_OM_INT_H

#include "bundle.h"
#include "idmap.h"
#include "librti_int.h"

#define PRIVILEGE_TO_DELETE 1 /* HLAprivilegeToDeleteObject (fom.h) */

struct om_obj {
	struct idmap_node hnode;  /* in the table by handle */
	uint32_t handle;
	uint32_t cls;             /* registered class */
	uint32_t known;           /* class this federate knows it as */
	char *name;
	uint64_t *owned;          /* attributes owned here (in the entry's
	                             block: om.c, obj_new) */
	uint64_t *order_ts;       /* NULL: the FOM's order types; else the
	                             attributes sent timestamp order (set by
	                             rti_change_attribute_order_type) */
	size_t order_words;       /* words of order_ts */
	uint64_t *trans_be;       /* NULL: the FOM's transportation types;
	                             else the attributes sent best effort
	                             (rti_change_attribute_transportation_
	                             type) */
	size_t trans_words;       /* words of trans_be */
	char *cond;               /* its send condition, NULL = none
	                             (rti__om_set_condition) */
	uint8_t mom_marks;        /* OM_MOM_UPDATED, OM_MOM_REFLECTED: counted
	                             in om_state's mom_cls (MOM) */
	struct idmap_node nnode;  /* in the table by name */
};

struct om_state {
	size_t words;
	struct idmap by_handle;   /* om_obj */
	struct idmap by_name;
	enum rti_packing packing;
	size_t max_bundle;        /* 0 = rtiexec's frame limit */
	uint32_t self;            /* federate handle, in retraction handles */
	uint32_t mom_deleted;     /* instances this federate deleted and */
	uint32_t mom_removed;     /* removes delivered, since the join (MOM) */
	/* HLAobjectInstancesUpdated and HLAobjectInstancesReflected (MOM):
	 * [k] the instances updated (k 0, by registered class) and reflected
	 * (k 1, by known class) since the join, each counted at its first
	 * update or reflection; mom_cls[k][0..mom_top[k]] by class handle
	 * (NULL while none), mom_total[k] their sum */
	uint32_t *mom_cls[2];
	uint32_t mom_top[2];
	uint32_t mom_total[2];
	struct om_obj **uobj;     /* class_update scratch: the instances */
	size_t cap_uobj;
	/* the update frame being filled (one open class layer) */
	struct wire_buf pend;
	int pend_open;
	size_t pend_layer, pend_tag_off;
	uint32_t pend_cls, pend_n;
	struct bundle_hdr pend_hdr;
	char pend_cond[RTI_MAX_CONDITION + 1];
	uint32_t *stamp;          /* [n_attrs + 1]: duplicate detection */
	uint32_t stamp_gen;
	/* receive scratch, reused */
	struct bundle rb;
	struct rti_attribute_value *vals;
	size_t cap_vals;
	/* class_update scratch: each instance's layer size, and the
	 * attribute set of the instance before as a bitset */
	size_t *usize;
	size_t cap_usize;
	uint64_t *uset;
	struct rti_bundle_instance *binst;
	size_t cap_binst;
	/* an update split by order type: timestamp-order values first */
	struct rti_attribute_value *split;
	size_t cap_split;
	/* Transportation: any_be is 0 while nothing this federate sends
	 * is best effort (no HLAbestEffort in the FOM, no change to it):
	 * the one test updates pay then.  An update with best-effort
	 * values is split: reliable values (rsplit), then best-effort ones
	 * (bsplit).  itrans: [cls] 0 = the FOM's, else 1 + enum
	 * rti_transportation (rti_change_interaction_transportation_type). */
	int any_be;
	struct rti_attribute_value *rsplit, *bsplit;
	size_t cap_rsplit, cap_bsplit;
	uint8_t *itrans;
	size_t n_itrans;
	/* rti_change_interaction_order_type: [cls] 0 = the FOM's order,
	 * else 1 + enum rti_order; grown on demand */
	uint8_t *iorder;
	size_t n_iorder;
	struct rti_parameter_value *pvals;
	size_t cap_pvals;
	const char **names;
	size_t cap_names;
	rti_attribute_handle *ahs;
	size_t cap_ahs;
};

static inline struct om_state *
st_of(rti_ambassador *amb)
{
	return amb->mod[RTI__MOD_OM];
}

/* The known instance of handle `h`, or NULL. */
static inline struct om_obj *
obj_find(struct om_state *st, uint32_t h)
{
	struct idmap_node *n = IDMAP_GET(&st->by_handle, h, struct om_obj,
	    hnode, handle);

	return n ? IDMAP_ENTRY(n, struct om_obj, hnode) : NULL;
}

/*
 * om.c.  rti__om_obj_add: add (or refresh the classes of) a known
 * instance; NULL on ENOMEM.  rti__om_obj_del: forget one and free it.
 */
struct om_obj *rti__om_obj_add(struct om_state *st, uint32_t h, uint32_t cls,
    uint32_t known, const char *name);
void rti__om_obj_del(struct om_state *st, struct om_obj *o);

/* The MOM's marks of an instance (om_obj.mom_marks). */
#define OM_MOM_UPDATED 1
#define OM_MOM_REFLECTED 2

/* om.c: count `o` as updated (OM_MOM_UPDATED) or reflected in its class
 * `cls`, and mark it so; on ENOMEM nothing changes (counted at its next
 * update or reflection). */
void rti__om_mom_count(struct om_state *st, struct om_obj *o,
    unsigned mark, uint32_t cls);

/* The one test the update and reflect paths pay: `o` counted once. */
static inline void
om_mom_mark(struct om_state *st, struct om_obj *o, unsigned mark,
    uint32_t cls)
{
	if (!(o->mom_marks & mark))
		rti__om_mom_count(st, o, mark, cls);
}

/*
 * om_send.c.  rti__om_pend_flush: send the open update frame (class
 * packing coalesces updates there), if any, before anything that must
 * follow it; RTI_OK, NO_MEMORY or CONNECTION_LOST (message set).  `st`
 * may be NULL (not joined).
 */
int rti__om_pend_flush(rti_ambassador *amb, struct om_state *st);

/* om_send.c: is attribute `a` of `o` sent best effort by this
 * federate?  Is interaction class `cls`? */
int rti__om_attr_be(const rti_ambassador *amb, const struct om_obj *o,
    uint32_t a);
int rti__om_iclass_be(const rti_ambassador *amb, const struct om_state *st,
    uint32_t cls);

/*
 * om.c: what the changes of order type (om_send.c) and of transportation
 * type (om_transportation.c) share, one implementation for both.
 * rti__om_check_owned: instance `obj` is known and attrs[0..n) are
 * attributes of its class that this federate owns; RTI_OK with *op, or
 * the error.  rti__om_own_set: the instance's own set *set (of *words
 * words), made on its first change from what `fom_says` of each
 * attribute; RTI_OK or NO_MEMORY.  rti__om_check_iclass: interaction
 * class `cls` is defined and published by this federate.
 * rti__om_class_room: room for `cls` in the per-class table *tab of *len
 * entries (new entries 0: the FOM's choice); RTI_OK or NO_MEMORY.
 */
int rti__om_check_owned(rti_ambassador *amb, uint32_t obj,
    const rti_attribute_handle *attrs, size_t n, struct om_obj **op);
int rti__om_own_set(rti_ambassador *amb, const struct om_obj *o,
    uint64_t **set, size_t *words,
    int (*fom_says)(const rti_ambassador *, const struct om_obj *,
    uint32_t));
int rti__om_check_iclass(rti_ambassador *amb, uint32_t cls);
int rti__om_class_room(rti_ambassador *amb, uint8_t **tab, size_t *len,
    uint32_t cls);

/* om.c: the WIRE_CB_RESTORE_OM handler. */
int rti__om_cb_restore(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);

/* om_transportation.c: the transportation types' report callbacks. */
int rti__om_cb_transport(rti_ambassador *amb, uint16_t type,
    struct wire_rd *rd);

/* om_recv.c: the callback table of OM's frames from rtiexec. */
extern const struct rti__cb_handler rti__om_callbacks[];

#endif
