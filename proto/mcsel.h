/* SPDX-License-Identifier: Apache-2.0 */
/*
 * mcsel.h - the receiving side of a group datagram (mcast.h): which of
 * its frames are addressed to one federate, and with which cut.  Pure:
 * reads the frames dgram_open returned, appends what the federate takes
 * to a buffer, does no I/O and keeps no state.
 *
 * The frames come in pairs, a selection (MC_SELECT) then the
 * WIRE_CB_REFLECT or WIRE_CB_INTERACTION frame it applies to; the
 * selection's layout is in mcast.h.
 */
#ifndef RTI_MCSEL_H
#define RTI_MCSEL_H

#include <stddef.h>
#include <stdint.h>

#include "mcast.h"

struct wire_buf;

/* What a selection says of one federate (mcsel_find). */
struct mcsel_pick {
	uint8_t mode;             /* MC_SEL_WHOLE or MC_SEL_CUT */
	const uint8_t *bits;      /* MC_SEL_CUT: the bitmap, inside the
	                             selection; else NULL */
	uint16_t nbytes;          /* bytes of bits (0 for MC_SEL_WHOLE) */
};

/* What mcsel_take dropped, added to the counters it is given. */
struct mcsel_count {
	uint64_t not_addressed;   /* frames whose selection does not name
	                             the federate, or is malformed */
	uint64_t cut;             /* attribute values the cuts dropped */
	uint64_t rejected;        /* frames refused: a cut of an
	                             interaction, a cut whose bitmap does not
	                             fit the reflection, a malformed
	                             reflection, no memory for the cut */
};

/*
 * 1 when the frames fr[0..len) (checked by dgram_open: whole frames that
 * fill it) are pairs of an MC_SELECT frame then a WIRE_CB_REFLECT or
 * WIRE_CB_INTERACTION frame, at least one pair; else 0 (the whole
 * datagram is refused).
 */
int mcsel_frames_ok(const uint8_t *fr, size_t len);

/*
 * What selection sel[0..n) (an MC_SELECT payload) says of federate
 * `self`: 1 with *pick set when an entry names it (handle 0 is never
 * named), 0 when none does before the end, a truncated entry or an
 * entry of an unknown mode (*pick then undefined).  The first entry
 * naming `self` counts.
 */
int mcsel_find(const uint8_t *sel, size_t n, uint32_t self,
    struct mcsel_pick *pick);

/*
 * Append to `out` the frames of fr[0..len) (mcsel_frames_ok) that the
 * selection before each addresses to federate `self`, as it receives
 * them: an MC_SEL_WHOLE frame byte for byte with `rx_flag` or-ed into
 * its header's flags; an MC_SEL_CUT reflection as a WIRE_CB_REFLECT
 * frame whose flags are `rx_flag`, with the producer and OM header as
 * sent and the class layer cut to the values whose bit is set (bit i of
 * bits[i / 8], least significant first; the bitmap has exactly
 * (values + 7) / 8 bytes), or nothing when no value is left.  Frames
 * not taken are added to *c by reason.  Returns 1 when `out` grew, 0
 * when not.  Out of memory in `out`: a cut that had begun is dropped
 * alone; otherwise `out` is put back to its length on entry and 0 is
 * returned.  Either way oom is cleared, and counts already added stay.
 */
int mcsel_take(struct wire_buf *out, const uint8_t *fr, size_t len,
    uint32_t self, uint16_t rx_flag, struct mcsel_count *c);

#endif
