/* SPDX-License-Identifier: Apache-2.0 */
/*
 * evoke.c - the callback queue: the frames received and not yet
 * delivered, from in_off in the input buffer; delivering them one at a
 * time through the modules' callback tables (rti__dispatch), each where
 * it lies (input pinning: rti__in_reserve moves the unread bytes, never
 * the frame being dispatched, so a callback may make requests that read
 * behind it), dropping a membership's callbacks after a resign, and
 * rti_evoke_callbacks / rti_evoke_callback.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core_int.h"
#include "librti_int.h"

/* While a frame is dispatched in place (in_pinned), in.data is about to
 * be replaced: keep the storage holding the frame until the dispatch
 * returns (in_old); storage between the two is no longer needed. */
void
rti__in_retire(rti_ambassador *amb)
{
	if (amb->in_old)
		free(amb->in.data);
	else
		amb->in_old = amb->in.data;
}

int
rti__in_reserve(rti_ambassador *amb, size_t n)
{
	size_t left = amb->in.len - amb->in_off, cap;
	uint8_t *p;

	if (!amb->in_pinned) {
		/* Compact consumed bytes before growing. */
		if (amb->in_off > 0 && amb->in_off == amb->in.len) {
			amb->in.len = 0;
			amb->in_off = 0;
		} else if (amb->in_off > 65536 &&
		    amb->in_off > amb->in.len / 2) {
			memmove(amb->in.data, amb->in.data + amb->in_off,
			    left);
			amb->in.len = left;
			amb->in_off = 0;
		}
		return wire_buf_reserve(&amb->in, n);
	}
	if (amb->in.cap - amb->in.len >= n)
		return 0;
	/* The frame being dispatched stays where it is: the unread bytes
	 * move to new storage. */
	for (cap = amb->in.cap ? amb->in.cap : RTI__READ_CHUNK; cap < left + n;
	    cap *= 2)
		;
	if (!(p = malloc(cap)))
		return -1;
	if (left)
		memcpy(p, amb->in.data + amb->in_off, left);
	rti__in_retire(amb);
	amb->in.data = p;
	amb->in.cap = cap;
	amb->in.len = left;
	amb->in_off = 0;
	return 0;
}

/* Resigned: drop the callbacks of the federation still queued (rtiexec
 * sent them before its reply; HLA delivers none after the resign), so
 * that none reaches a later membership.  A federation list report, which
 * belongs to the connection, stays; so does a partial frame. */
void
rti__drop_member_frames(rti_ambassador *amb)
{
	size_t rd = amb->in_off, wr = amb->in_off, poff;
	uint16_t type;
	uint32_t len;

	while (rti__frame_at(amb, rd, &type, &poff, &len) > 0) {
		size_t n = poff + len - rd;

		if (type == WIRE_CB_LIST_REPORT) {
			memmove(amb->in.data + wr, amb->in.data + rd, n);
			wr += n;
		}
		rd += n;
	}
	memmove(amb->in.data + wr, amb->in.data + rd, amb->in.len - rd);
	amb->in.len -= rd - wr;
}

/* Deliver the next best-effort frame received by UDP (dq), dispatched
 * where it lies (no drain while it is: dq_pinned).  1 delivered (or
 * dropped as malformed: best effort is simply gone), 0 none queued. */
static int
deliver_dgram(rti_ambassador *amb)
{
	uint16_t type, flags;
	uint32_t len;
	const uint8_t *p;

	if (amb->dq.len - amb->dq_off < WIRE_HEADER_SIZE)
		return 0;
	p = amb->dq.data + amb->dq_off;
	len = wire_get32(p);
	type = wire_get16(p + 4);
	flags = wire_get16(p + 6);
	amb->dq_off += WIRE_HEADER_SIZE + (size_t)len;
	amb->rx_flags = flags;
	amb->dq_pinned = 1;
	if (rti__dispatch(amb, type, p + WIRE_HEADER_SIZE, len) < 0)
		amb->ts.rejected++;
	amb->dq_pinned = 0;
	amb->rx_flags = 0;
	if (amb->dq_off >= amb->dq.len)
		amb->dq.len = amb->dq_off = 0;
	return 1;
}

/* Deliver one queued callback.  1 delivered, 0 none queued, -1 lost
 * (connection_lost delivered now or before).  After the connection
 * closed, the frames received before are delivered first; after a
 * malformed frame (lost_drop) none is. */
static int
deliver_one(rti_ambassador *amb)
{
	size_t poff;
	uint16_t type;
	uint32_t len;
	int rc;

again:
	if (amb->lost && (amb->lost_reported || amb->lost_drop ||
	    rti__frame_at(amb, amb->in_off, &type, &poff, &len) <= 0)) {
		if (amb->lost_reported)
			return -1;
		amb->lost_reported = 1;
		if (amb->cb.connection_lost) {
			amb->in_callback = 1;
			amb->cb.connection_lost(amb->arg, amb->lost_reason);
			amb->in_callback = 0;
		}
		return -1;
	}
	rc = rti__frame_at(amb, amb->in_off, &type, &poff, &len);
	if (rc < 0) {
		rti__lose(amb, "oversized frame from rtiexec");
		return deliver_one(amb);
	}
	if (rc == 0)
		return amb->lost ? 0 : deliver_dgram(amb);
	/* best-effort frames read before a grant was delivered go before
	 * it: a TSO one among them is then held, not dropped as late */
	if ((type == WIRE_TM_CB_GRANT || type == WIRE_TM_CB_SAVE_GRANT) &&
	    !amb->lost && deliver_dgram(amb))
		return 1;
	if (type == WIRE_CB_HEARTBEAT && len == 0) {
		/* not a callback: its arrival was all it said */
		amb->in_off = poff;
		goto again;
	}
	if (type == WIRE_CB_DGRAM_OFFER || type == WIRE_CB_DGRAM_CONFIRM ||
	    type == WIRE_CB_MC_JOIN || type == WIRE_CB_SERVICE_REPORTING ||
	    type == WIRE_CB_MOM_QUERY) {
		/* the datagram path and the MOM's questions: not
		 * callbacks either */
		amb->in_off = poff + len;
		if (rti__dispatch(amb, type, amb->in.data + poff, len) < 0) {
			rti__lose(amb, "malformed message 0x%04x from "
			    "rtiexec", type);
			return deliver_one(amb);
		}
		goto again;
	}
	/* Dispatched in place: requests the callback makes read behind it
	 * (rti__in_reserve moves the unread bytes, never the frame). */
	amb->in_off = poff + len;
	amb->in_pinned = 1;
	rc = rti__dispatch(amb, type, amb->in.data + poff, len);
	amb->in_pinned = 0;
	free(amb->in_old);
	amb->in_old = NULL;
	if (rc < 0) {
		rti__lose(amb, "malformed or unexpected message 0x%04x from "
		    "rtiexec", type);
		return deliver_one(amb);
	}
	return 1;
}

/* Decode the attribute list that ends a callback (librti_int.h). */
int
rti__get_attrs(struct wire_rd *rd, rti_attribute_handle **a, size_t *cap,
    uint32_t *n)
{
	uint32_t i, k = wire_get_count(rd, 4);

	if (rd->err || wire_grow((void **)a, cap, k + 1, sizeof **a))
		return -1;
	for (i = 0; i < k; i++)
		(*a)[i].id = wire_get_u32(rd);
	if (!wire_rd_done(rd))
		return -1;
	*n = k;
	return 0;
}

int
rti__dispatch(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len)
{
	const struct rti__cb_handler *h = NULL;
	struct wire_rd rd;
	int rc, nested = amb->in_callback;

	wire_rd_init(&rd, payload, len);
	if (WIRE_MODULE_OF(type) < WIRE_MOD_COUNT)
		h = amb->dispatch[WIRE_MODULE_OF(type)][type & 0xff];
	if (!h)
		return -1;
	amb->in_callback = 1;
	amb->last_type = type;
	rc = h->fn(amb, type, &rd);
	amb->in_callback = nested;
	/* one test while HLAsetServiceReporting is off (svcreport.c) */
	if (amb->report_services && rc >= 0) {
		if (!amb->svc_held)
			rti__svc_callback(amb, type, payload, len);
		amb->svc_held = 0;
	}
	return rc < 0 ? -1 : 0;
}

int
rti__apply_ahead(rti_ambassador *amb, uint16_t type)
{
	size_t off, poff;
	uint16_t t;
	uint32_t len;
	int n = 0;

	if (!amb->connected || amb->lost_drop)
		return 0;
	if (!amb->lost)
		(void)rti__read_some(amb);
	for (off = amb->in_off;
	    rti__frame_at(amb, off, &t, &poff, &len) > 0;
	    off = poff + len) {
		if (t != type)
			continue;
		if (rti__dispatch(amb, t, amb->in.data + poff, len) < 0) {
			rti__lose(amb, "malformed or unexpected message 0x%04x "
			    "from rtiexec", t);
			return -1;
		}
		n++;
	}
	return n;
}

static int
evoke(rti_ambassador *amb, double min_s, double max_s, int *pending,
    int at_most_one)
{
	double start = rti__now(), now;
	int rc, drained = 0;
	size_t poff, m;
	uint16_t type;
	uint32_t len;

	if (pending)
		*pending = 0;
	if (!amb)
		return RTI_ERR_INVALID_ARGUMENT;
	if (amb->in_callback)
		return rti__fail(amb, RTI_ERR_CALL_NOT_ALLOWED_FROM_WITHIN_CALLBACK,
		    "evoke inside a callback");
	if (!amb->connected)
		return rti__fail(amb, RTI_ERR_NOT_CONNECTED, "not connected");
	if (min_s < 0 || max_s < 0 || min_s != min_s || max_s != max_s)
		return rti__fail(amb, RTI_ERR_INVALID_ARGUMENT,
		    "negative or NaN evoke time");
	if (max_s < min_s)
		max_s = min_s;
	if (!amb->lost) {
		rti__udp_evoke(amb, start);
		for (m = 0; m <= RTI__MOD_COUNT; m++)
			if (rti__modules[m]->evoke)
				rti__modules[m]->evoke(amb, start);
		rti__flush_modules(amb);
		(void)rti__flush(amb, 0);
		(void)rti__heartbeat(amb, start);
	}
	for (;;) {
		rc = deliver_one(amb);
		if (rc < 0)
			return rti__fail(amb, RTI_ERR_CONNECTION_LOST,
			    "connection to rtiexec lost: %s",
			    amb->lost_reason);
		if (rc > 0) {
			if (at_most_one)
				break;
			if (rti__now() - start >= max_s)
				break;
			continue;
		}
		/*
		 * Nothing queued: read what is there, or wait.  When the last
		 * read emptied the socket (say, a grant awaited right after
		 * its request), a read now would most likely find nothing:
		 * wait first, so that the wake-up is one poll and one read.
		 * Once a read of this evoke took everything the socket held
		 * and what it brought is delivered, an evoke that need not
		 * wait returns: a second read would find what came in the
		 * microseconds since, or (nearly always) nothing, a system
		 * call per evoke; the next evoke, or the caller's poll on
		 * rti_get_fd, sees what came.
		 */
		now = rti__now();
		if (drained && amb->rd_empty && now - start >= min_s)
			break;
		if (!amb->rd_empty || now - start >= min_s) {
			rc = rti__read_some(amb);
			drained = rc > 0;
			if (rc >= 0 && amb->udp_state == RTI__UDP_CONFIRMED &&
			    rti__udp_drain(amb) > 0)
				rc = 1;
			if (rc != 0)
				continue; /* new bytes, or connection_lost */
			if (now - start >= min_s)
				break;
		}
		drained = rti__wait_read(amb, min_s - (now - start)) > 0;
	}
	/* What the callbacks sent goes out now, not at the next call. */
	if (!amb->lost && amb->out_t0 != 0) {
		rti__flush_modules(amb);
		(void)rti__flush(amb, 0);
	}
	if (pending)
		*pending = amb->lost ? !amb->lost_reported :
		    rti__frame_at(amb, amb->in_off, &type, &poff, &len) != 0 ||
		    amb->dq_off < amb->dq.len;
	return RTI_OK;
}

RTI_API int
rti_evoke_callbacks(rti_ambassador *amb, double min_s, double max_s,
    int *pending)
{
	return evoke(amb, min_s, max_s, pending, 0);
}

RTI_API int
rti_evoke_callback(rti_ambassador *amb, double wait_s, int *pending)
{
	return evoke(amb, wait_s, wait_s, pending, 1);
}
