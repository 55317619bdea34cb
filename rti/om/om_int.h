/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om_int.h - what the files of the OM module share and nothing else
 * includes: the per-federation state, the instance lookups the message
 * paths inline, the update route's per-bundle state (om_route.c), and
 * the functions one file calls in another.
 * The module's interface to the others is om.h.
 */
#ifndef RTI_OM_INT_H
#define RTI_OM_INT_H

#include "bundle.h"
#include "om.h"

#define OM_PRIVILEGE_TO_DELETE 1  /* HLAprivilegeToDeleteObject (fom.h) */

/* A name reserved or in use. */
struct om_name {
	struct idmap_node node;       /* in the table by name */
	char *name;
	uint32_t reserver;            /* federate handle, 0 = none */
	struct om_instance *inst;     /* instance named so, or NULL */
};

/* A parameter of a received interaction. */
struct om_param {
	uint32_t handle;
	uint32_t len;
	const uint8_t *value;
};

/* A federate whose resign the sweep has still to carry out. */
struct om_leaver {
	uint32_t fed;
	uint8_t del;                  /* its action deletes its instances */
};

/* The leavers of one pass of the sweep. */
struct om_pass {
	struct om_leaver *v;          /* by federate handle */
	size_t n, cap;
	size_t n_del;                 /* of them deleting */
	uint8_t *rel;                 /* [n_oc + 1]: classes they subscribed
	                                 (relevance to recompute), or NULL */
};

/*
 * One update bundle on its way through the route (om_route.c).  The
 * arrays are reused from bundle to bundle (no malloc in the steady state)
 * and hold the current bundle's facts only.  Who fills what, for whom:
 *   the checks (uniform_check, update_check): bi, dup;
 *   the filters (ddm_route_update, in route_fast and route_general): want,
 *     wattr;
 *   plan, per subscriber, for the sending loop: kc, keep.
 * idx, handles, keep2 and stamp are scratch of one function each.
 */
/* A subscriber addressed in a group message (om_route.c, --multicast):
 * its route, the instances and values it gets, the values its cut drops,
 * whether it takes the bundle whole. */
struct mc_taken {
	uint32_t k, n_inst, cut;
	uint8_t whole;
};

struct route {
	struct bundle b;              /* the parsed bundle */
	struct om_instance **bi;      /* [n_inst]: the instances */
	uint8_t *dup;                 /* [n_inst]: DUP_* (om_route.c) */
	uint8_t *want;                /* [n_inst][n_routes]: their filters
	                                 take the instance */
	uint8_t *wattr;               /* [n_attrs][n_routes]: the regions of
	                                 b.attrs[x] match */
	uint8_t *any;                 /* [n_routes]: wants some instance
	                                 (route_general) */
	/* the instances each filtered route wants, from DDM's hits
	 * (route_general, plan_sparse): hit[hoff[i] .. + hn[i]) the routes
	 * instance i matched; lst[lstart[k] .. + lcnt[k]) the instances
	 * route k wants, ascending */
	uint32_t *hit, *hoff, *hn, *lst, *lstart, *lcnt;
	/* the instances the last plan gave anything of could be among
	 * (plan_sparse's list), NULL: any; send_planned and the cut look at
	 * these only */
	const uint32_t *pl;
	uint32_t pn;
	uint32_t *kc;                 /* [n_inst]: class the subscriber knows
	                                 the instance as, 0 = nothing of it */
	uint8_t *keep;                /* [n_attrs]: the subscriber gets it */
	uint8_t *keep2;               /* [n_attrs]: keep, one class's part */
	uint32_t *idx;                /* [n_attrs of the first layout]: index
	                                 in the instances' attrs */
	uint32_t *handles;            /* [n_attrs of one layout] */
	uint32_t *stamp;              /* [n_attrs + 1], duplicate detection */
	uint32_t stamp_gen;
	uint32_t n_stamp;             /* the FOM's attributes */
	size_t cap_bi, cap_dup, cap_want, cap_wattr, cap_kc, cap_keep,
	    cap_keep2, cap_idx, cap_handles, cap_any, cap_hit, cap_hoff,
	    cap_hn, cap_lst, cap_lstart, cap_lcnt;
	struct wire_buf out;          /* a reflect being built */
	struct wire_buf mc;           /* the head of a group message
	                                 (--multicast) */
	struct mc_taken *mct;         /* [n_mct]: its members addressed */
	size_t n_mct, cap_mct;
};

struct om_fx {
	uint32_t next_handle;
	struct idmap inst_map;        /* om_instance by handle */
	struct idmap name_map;        /* om_name by name */
	struct om_instance *list;
	uint32_t n_oc;
	uint32_t **cls_attrs;         /* [n_oc + 1]: attributes, ascending,
	                                 built at the class's first instance
	                                 (NULL before) */
	uint32_t *cls_n;
	/* O(1) "is attribute a defined for class c" in O(classes +
	 * attributes) memory, whatever the FOM's size: a is defined for c
	 * when its declaring class attr_decl[a] is c or an ancestor, i.e. c's
	 * pre-order number lies in [pre[d], end[d]) (om_class_has_attr). */
	uint32_t *attr_decl;          /* [n_attrs + 1] */
	uint32_t *pre, *end;          /* [n_oc + 1] */
	uint32_t n_attrs;
	size_t words;
	struct route rt;              /* the update route */
	/* scratch of the other message paths, reused */
	uint32_t *tmp;
	size_t cap_tmp;
	uint8_t *flip;
	size_t cap_flip;
	uint8_t *want;                /* [n_routes]: an interaction's */
	size_t cap_want;
	struct om_param *params;
	size_t cap_params;
	const char **names;
	size_t cap_names;
	struct wire_buf out;
	/* the resign sweep: pass[0] runs (when sweeping), pass[1] waits */
	struct om_pass pass[2];
	int sweeping;
	struct om_instance *sweep_at; /* next instance of the running pass */
	struct idmap_iter sweep_names;/* then the names */
	struct event *sweep_ev;       /* zero timer: the next slice */
	void *retired;                /* the state a restore replaced, or
	                                 NULL: freed by retire_ev, after the
	                                 restore's frames are sent */
	struct event *retire_ev;
	uint8_t *rti_ic;              /* [n_ic + 1]: classes the RTI takes
	                                 (om_rti_take), or NULL */
	uint32_t n_ic;
	uint8_t rel_stale;            /* the relevance flags are not kept
	                                 (nobody has the switch on) */
	const struct dm_sub **sub_route;  /* om_sub_applied's scratch */
	size_t cap_sub_route;
};

static inline struct om_fx *
om_fxst(struct federation *fx)
{
	return fx->mod[MOD_OM];
}

/* Instance `obj`, doomed or not, or NULL. */
static inline struct om_instance *
om_lookup(struct om_fx *st, uint32_t obj)
{
	struct idmap_node *n = IDMAP_GET(&st->inst_map, obj,
	    struct om_instance, hnode, handle);

	return n ? IDMAP_ENTRY(n, struct om_instance, hnode) : NULL;
}

/* A hint: om_lookup of `obj` follows soon (update_check fetches the next
 * instance of a bundle while it checks this one: the lookup's chain node
 * is a cache miss per instance). */
static inline void
om_prefetch(const struct om_fx *st, uint32_t obj)
{
	if (st->inst_map.n)
		__builtin_prefetch(st->inst_map.head[idmap_slot(obj,
		    st->inst_map.mask)]);
}

/* Index of attribute `a` in in->attrs, or -1. */
static inline int
om_attr_index(const struct om_instance *in, uint32_t a)
{
	uint32_t lo = 0, hi = in->n_attrs, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (in->attrs[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < in->n_attrs && in->attrs[lo] == a ? (int)lo : -1;
}

/* 1 when attribute `a` (any value) is defined for class `cls` (1..n_oc):
 * declared there or inherited. */
static inline int
om_class_has_attr(const struct om_fx *st, uint32_t cls, uint32_t a)
{
	uint32_t d;

	if (a == 0 || a > st->n_attrs)
		return 0;
	d = st->attr_decl[a];
	return st->pre[d] <= st->pre[cls] && st->pre[cls] < st->end[d];
}

int om_doomed_by_leaver(const struct om_fx *st, const struct om_instance *in);

/* Is `in` to be removed by the sweep for a leaver that deletes?  Such an
 * instance's delete privilege belongs to the leaver: it is never the
 * sole property of a joined federate, which keeps the check off the
 * update path's common case. */
static inline int
om_doomed(const struct om_fx *st, const struct om_instance *in)
{
	if (!st->pass[0].n_del && !st->pass[1].n_del)
		return 0;
	return om_doomed_by_leaver(st, in);
}

/* Log why a message of `c` was dropped and tell the federate. */
void om_notice(struct conn *c, int err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* `to` now knows `in` as class `known`: the discover callback, followed
 * by the instance's send condition when it has one. */
void om_discover(struct federation *fx, struct om_instance *in,
    struct federate *to, uint32_t known);
/* Every route r[0..n) of in's class, but `except`'s, that wants `in` as
 * it is now (its condition and regions) and does not know it discovers
 * it: one match of the instance for all the routes (ddm_route_instances),
 * so that a condition set on each of 7,000 instances with 300 subscribers
 * costs 7,000 matches, not 2.1 million (check_rti_ddm's
 * test_instance_condition_discovery guards the outcome). */
void om_discover_wanting(struct federation *fx, struct om_instance *in,
    const struct dm_sub *r, size_t n, const struct federate *except);
/* Put the header for a receiver: as received (its bytes), or as receive
 * order carrying the time (WIRE_OMF_USER_TIME) when a timestamped message
 * goes receive order.  `h` NULL: receive
 * order, empty tag. */
void om_hdr_put(struct wire_buf *w, const struct bundle_hdr *h, int tso);
/* TSO rights of the sender.  0 with *tso set (a TSO message is announced
 * to TM for retraction), or -1 when refused (the notice is sent). */
int om_tso_check(struct conn *c, const struct bundle_hdr *h, int *tso,
    const char *what);

/* om.c, for om_sweep.c */
const struct om_leaver *om_leaver_find(const struct om_pass *p,
    uint32_t fed);
struct om_name *om_name_of(struct idmap_node *n);
void om_name_del(struct om_fx *st, struct om_name *ne);
void om_known_del(struct om_instance *in, uint32_t fed);
/* Recompute in->sole after its owners changed. */
void om_sole_update(struct om_instance *in);
/* Send remove to every federate that knows `in` except `by` (a federate
 * handle, the producer), then destroy it.  `h` NULL: receive order, empty
 * tag. */
void om_remove_instance(struct federation *fx, struct om_instance *in,
    uint32_t by, const struct bundle_hdr *h, int tso);

/* Send provide-update callbacks to the owners of attributes
 * `attrs[0..n)` (wire u32s) of `in`, one per owner, except to `req`. */
void om_solicit(struct federation *fx, struct om_instance *in,
    const uint8_t *attrs, uint32_t n, const void *tag, uint32_t tag_len,
    uint32_t req);
/* An interaction message (WIRE_OM_INTERACTION payload at `rd`) from `c`,
 * sent with DDM regions `regions[0..n_regions)` (none: the default
 * region).  0, or -1 when malformed. */
int om_interaction(struct conn *c, struct wire_rd *rd,
    const uint32_t *regions, uint32_t n_regions);

/* om_ddm.c: the handlers of the protocol's DDM messages on instances,
 * and om_condition_send: send `to` the send condition of `in`
 * (WIRE_DDM_CB_INSTANCE_CONDITION) when it has one, or with `always`
 * even when it has none (""). */
void om_condition_send(struct federation *fx, const struct om_instance *in,
    struct federate *to, int always);
int om_h_ddm_instance(struct conn *c, uint32_t serial, struct wire_rd *rd);
int om_h_ddm_interaction(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int om_h_ddm_request_update(struct conn *c, uint32_t serial,
    struct wire_rd *rd);

/* om.c, for om_save.c: a new instance (not linked, no name), its
 * freeing, a knower added (0 or -1), a name added to `map` (NULL on
 * ENOMEM). */
struct om_instance *om_inst_new(struct federation *fx, struct om_fx *st,
    uint32_t cls, uint32_t handle, uint32_t registrar);
void om_inst_free(struct om_instance *in);
int om_known_add(struct om_instance *in, uint32_t fed, uint32_t cls);
struct om_name *om_name_add_to(struct idmap *map, const char *name,
    uint32_t reserver);
/* A name entry as om_name_add_to makes, not linked (NULL on ENOMEM). */
struct om_name *om_name_new(const char *name, uint32_t reserver);
/* om.c, for om_rti.c: the name entry `name` of the federation's table
 * (NULL when none), a name added to it (NULL on ENOMEM), an instance put
 * in the table by handle and the federation's list. */
struct om_name *om_name_find(struct om_fx *st, const char *name);
struct om_name *om_name_add(struct om_fx *st, const char *name,
    uint32_t reserver);
void om_inst_link(struct om_fx *st, struct om_instance *in);

/* The name entry of named instance `in`, without a lookup: the name is
 * the entry's, in the entry's block (om_name_new), and an instance's
 * entry lives as long as the instance. */
static inline struct om_name *
om_inst_name(const struct om_instance *in)
{
	return (struct om_name *)(void *)(uintptr_t)(in->name -
	    sizeof(struct om_name));
}

/* om_save.c: the save and restore hooks (server.h, rti-save(5)). */
int om_save_state(struct federation *fx, struct wire_buf *out);
int om_restore_stage(struct federation *fx,
    const struct restore_saved *saved, struct wire_rd *rd, void **staged,
    char *msg, size_t len);
void om_restore_apply(struct federation *fx, void *staged);
void om_restore_discard(void *staged);
int om_restore_sync(struct federate *f);

/* om_state.c: the federation_init, federation_fini and fom_grown hooks
 * (server.h). */
int om_federation_init(struct federation *fx);
void om_federation_fini(struct federation *fx);
int om_fom_grown(struct federation *fx, const struct fom_sizes *was);

/* om_sweep.c: the federate_resign hook. */
void om_sweep_resign(struct federate *f, int action);

/* om_transportation.c: the transportation types' handlers; free an
 * instance's choices (with it) and a federate's (its federate_fini). */
int om_h_change_attr_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int om_h_query_attr_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int om_h_change_ic_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int om_h_query_ic_transport(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
void om_transport_free(struct om_instance *in);
void om_transport_fed_fini(struct federate *f);
/* Drop the choices on `in` of `fed` (it no longer knows the instance), or
 * of the leavers of pass `p`: a choice lasts while its federate knows the
 * instance, and a later federate given the same handle starts from the
 * FOM's. */
void om_transport_forget(struct om_instance *in, uint32_t fed);
void om_transport_forget_leavers(struct om_instance *in,
    const struct om_pass *p);

/* om_route.c: the WIRE_OM_UPDATE handler, and the route's state. */
int om_h_update(struct conn *c, uint32_t serial, struct wire_rd *rd);
int om_route_init(struct route *rt, uint32_t n_attrs);
void om_route_fini(struct route *rt);

#endif
