/* SPDX-License-Identifier: Apache-2.0 */
/*
 * om.h - the OM module of rtiexec: instance names and handles,
 * registration, discovery, bundled updates, interactions, deletion (see
 * server.h for the module interface).
 */
#ifndef RTI_OM_H
#define RTI_OM_H

#include "idmap.h"
#include "server.h"

/* A federate that knows an instance, and the class it knows it as. */
struct om_known {
	uint32_t fed;
	uint32_t cls;
};

struct om_instance {
	struct idmap_node hnode;  /* in the table by handle (om.c) */
	uint32_t handle;
	uint32_t cls;             /* registered class */
	uint32_t registrar;       /* federate handle */
	uint32_t n_attrs;         /* attributes of cls, inherited included */
	const char *name;
	const uint32_t *attrs;    /* their handles, ascending (shared) */
	struct om_known *known;   /* known_in while it fits there */
	uint32_t sole;            /* federate owning every attribute, 0 =
	                             none or several */
	uint32_t n_known;
#define OM_KNOWN_INLINE 2
	struct om_known known_in[OM_KNOWN_INLINE];
	struct om_instance *next, *prev;    /* federation list */
	struct om_trans *trans;   /* transportation types its owners chose
	                             (om_transportation.c), NULL = the FOM's */
	/* owner[i] of attrs[i]: federate handle, 0 = unowned; then
	 * n_attrs bytes relevant[i]: someone else subscribes (om_relevant) */
	uint32_t owner[];
};

static inline uint8_t *
om_relevant(struct om_instance *in)
{
	return (uint8_t *)(in->owner + in->n_attrs);
}

/* Instance `obj` of the federation, or NULL (also for an instance a
 * resign deletes, still waiting for its removal: see om.c). */
struct om_instance *om_find(struct federation *fx, uint32_t obj);
/* Iterate the instances of a federation (those om_find finds): om_first,
 * then om_next until NULL.  Do not delete while iterating. */
struct om_instance *om_first(struct federation *fx);
struct om_instance *om_next(struct federation *fx, struct om_instance *in);
/* Does a resign leave its per-instance work to OM's sweep (the
 * federation is large)?  Asked by the resign hooks that run before OM's,
 * for the resign in progress. */
int om_resign_deferred(struct federation *fx);
/* Is `fed` a federate whose resign the running sweep pass carries out
 * (for owm_release_leavers)? */
int om_leaving(struct federation *fx, uint32_t fed);
/* Owner of attribute `attr` of `in` (0 = unowned or not an attribute of
 * its class). */
uint32_t om_owner(const struct om_instance *in, uint32_t attr);
/* Set the owner (federate handle, 0 = unowned).  0, or -1 when `attr` is
 * not an attribute of the instance's class.  Sends nothing. */
int om_set_owner(struct om_instance *in, uint32_t attr, uint32_t fed);
/* Class `fed` knows `in` as, 0 when it does not know it.  Inline: the
 * update route asks it per instance and subscriber. */
static inline uint32_t
om_known_class(const struct om_instance *in, uint32_t fed)
{
	uint32_t i;

	for (i = 0; i < in->n_known; i++)
		if (in->known[i].fed == fed)
			return in->known[i].cls;
	return 0;
}

/* Recompute which attributes of `in` are relevant (subscribed by a
 * federate other than the owner) and send turn updates on/off to owners
 * with the attribute relevance switch on. */
void om_relevance(struct federation *fx, struct om_instance *in);

/*
 * The RTI's instances and interactions (the MOM's, mom.c).  An RTI
 * instance has WIRE_OWNER_RTI as registrar and owner of every attribute:
 * federates discover it like any, cannot update or delete it, and their
 * requests for its values raise rti_provide.
 *
 * om_rti_register: a new instance of object class `cls`, discovered by
 *   its subscribers now.  NULL on ENOMEM.
 * om_rti_reflect: send values `v[0..n)` of RTI instance `in` (receive
 *   order, no tag) to every federate that knows it, each getting the
 *   attributes it subscribes to at the class it knows it as; none to a
 *   federate that subscribes none of them, or only to `only` when it is
 *   not NULL.
 * om_rti_delete: remove RTI instance `in` from every federate that knows
 *   it and free it.
 * om_rti_take: interactions of class `cls` (exactly) that federates send
 *   are also given to the RTI (the rti_interaction event).  0, or -1 on
 *   ENOMEM.
 * om_rti_interaction: send interaction `cls` with parameters `params`
 *   ("u32 n, n x (u32 param, u32 len, bytes)", `len` bytes) from the RTI
 *   (receive order) to its subscribers, each getting the parameters of
 *   the class it knows it as.
 */
struct om_value {
	uint32_t attr;
	uint32_t len;
	const void *value;
};
struct om_instance *om_rti_register(struct federation *fx, uint32_t cls);
void om_rti_reflect(struct federation *fx, struct om_instance *in,
    const struct om_value *v, uint32_t n, struct federate *only);
void om_rti_delete(struct federation *fx, struct om_instance *in);
int om_rti_take(struct federation *fx, uint32_t cls);
void om_rti_interaction(struct federation *fx, uint32_t cls,
    const uint8_t *params, size_t len);

#endif
