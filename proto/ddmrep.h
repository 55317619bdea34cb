/* SPDX-License-Identifier: Apache-2.0 */
/*
 * ddmrep.h - the codec of the replicated subscription tables
 * (WIRE_DDM_CB_SUBS): the entries rtiexec sends a publisher's librti so
 * that it filters at the source.  Pure: builds and reads bytes, does no
 * I/O and keeps no state.
 *
 * A frame carries a sequence number (per receiver, for the receiver's
 * acknowledgement, WIRE_DDM_ACK) and a batch of entries, each one
 * federate's whole subscription of one class:
 *   u32 seq, u32 n, n x ENTRY
 *   ENTRY = u32 fed, u8 kind (0 object class, 1 interaction class),
 *           u32 cls, u8 flags (WIRE_DDMF_*), ASET attributes,
 *           u32 c, c x str condition,
 *           u32 m, m x (u32 k, k x (u32 dim, u64 lower, u64 upper),
 *                       ASET attributes subscribed with that region)
 *   ASET  = u32 n, n x u32 attribute
 * A batch is applied whole, in order: a later entry of the same
 * (fed, kind, cls) replaces an earlier one.
 */
#ifndef RTI_DDMREP_H
#define RTI_DDMREP_H

#include <stddef.h>
#include <stdint.h>

#include "match.h"
#include "wire.h"

#define DDMREP_MAX_CONDS 64       /* conditions of one entry */
#define DDMREP_MAX_REGIONS 64     /* regions of one entry */
#define DDMREP_MAX_DIMS 16        /* ranges of one region */
#define DDMREP_KIND_IC 1          /* the largest kind */

/* An entry to put: its attribute sets as sets of `words` words. */
struct ddmrep_out {
	uint32_t fed, cls;
	uint8_t kind, flags;
	const uint64_t *attrs;            /* NULL: none */
	size_t words;
	const char *const *conds;
	uint32_t n_conds;
	const struct match_region *regions;
	const uint64_t *const *rattrs;    /* [n_regions]; NULL, or an
	                                     element NULL: none */
	uint32_t n_regions;
};

/* A region of an entry read (ddmrep_get): its ranges as sent (not
 * sorted), the attributes subscribed with it as big-endian u32 inside the
 * frame. */
struct ddmrep_region {
	uint32_t n;
	struct match_range r[DDMREP_MAX_DIMS];
	uint32_t n_attrs;
	const uint8_t *attrs;
};

/* An entry read: the strings and attribute lists point into the frame. */
struct ddmrep_entry {
	uint32_t fed, cls;
	uint8_t kind, flags;
	uint32_t n_attrs;
	const uint8_t *attrs;             /* n_attrs x big-endian u32 */
	uint32_t n_conds;
	const char *conds[DDMREP_MAX_CONDS];
	uint32_t n_regions;
	struct ddmrep_region reg[DDMREP_MAX_REGIONS];
};

/* Start a WIRE_DDM_CB_SUBS frame numbered `seq` in `b`: the offset that
 * ddmrep_end takes.  Entries follow (ddmrep_put). */
size_t ddmrep_begin(struct wire_buf *b, uint32_t seq);
/* Append entry `e` (the caller keeps the limits above). */
void ddmrep_put(struct wire_buf *b, const struct ddmrep_out *e);
/* End the frame begun at `off` with `n` entries. */
void ddmrep_end(struct wire_buf *b, size_t off, uint32_t n);
/* Renumber the frame at `frame` (begun by ddmrep_begin; its first byte is
 * the frame header's) `seq`. */
void ddmrep_set_seq(uint8_t *frame, uint32_t seq);

/*
 * Read a WIRE_DDM_CB_SUBS payload's head from `rd`: the sequence number
 * and the count of entries, which is at most what the bytes left can
 * hold.  0, or -1 when truncated.
 */
int ddmrep_head(struct wire_rd *rd, uint32_t *seq, uint32_t *n);
/*
 * Read the next entry from `rd` into `e`.  0, or -1 when malformed:
 * truncated, a kind past DDMREP_KIND_IC, class 0, more conditions,
 * regions or ranges than the limits, a condition of more than
 * MATCH_MAX_COND bytes or not one string (rd->err is set then).
 */
int ddmrep_get(struct wire_rd *rd, struct ddmrep_entry *e);

#endif
