/* SPDX-License-Identifier: Apache-2.0 */
/*
 * svcreport.c - librti's half of service reporting (rti-mom(7) SERVICE
 * REPORTING).  rtiexec reports the services a federate invokes through
 * their own frames; the callbacks librti delivers only librti sees.
 * While rtiexec has reporting on for this federate
 * (WIRE_CB_SERVICE_REPORTING), each callback delivered is queued as a
 * WIRE_SERVICE_REPORT one-way frame in the output buffer, written with
 * whatever librti writes next (a request, a flush, an evoke): no frame of
 * its own, no round trip.  While it is off the cost is rti__dispatch's
 * test of amb->report_services.
 */
#include "config.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bundle.h"
#include "core_int.h"
#include "librti_int.h"

/* The callbacks (IEEE 1516.1-2010 names) by frame type; frames not
 * listed are no callback (replica pushes, restores, heartbeats). */
static const struct {
	uint16_t type;
	const char *name;
} callbacks[] = {
	{ WIRE_CB_SYNC_REG_OK,
	    "synchronizationPointRegistrationSucceeded" },
	{ WIRE_CB_SYNC_REG_FAIL, "synchronizationPointRegistrationFailed" },
	{ WIRE_CB_SYNC_ANNOUNCE, "announceSynchronizationPoint" },
	{ WIRE_CB_SYNCHRONIZED, "federationSynchronized" },
	{ WIRE_CB_INITIATE_SAVE, "initiateFederateSave" },
	{ WIRE_CB_SAVED, "federationSaved" },
	{ WIRE_CB_NOT_SAVED, "federationNotSaved" },
	{ WIRE_CB_SAVE_STATUS, "federationSaveStatusResponse" },
	{ WIRE_CB_RESTORE_REQ_OK, "requestFederationRestoreSucceeded" },
	{ WIRE_CB_RESTORE_REQ_FAIL, "requestFederationRestoreFailed" },
	{ WIRE_CB_RESTORE_BEGUN, "federationRestoreBegun" },
	{ WIRE_CB_INITIATE_RESTORE, "initiateFederateRestore" },
	{ WIRE_CB_RESTORED, "federationRestored" },
	{ WIRE_CB_NOT_RESTORED, "federationNotRestored" },
	{ WIRE_CB_RESTORE_STATUS, "federationRestoreStatusResponse" },
	{ WIRE_CB_START_REGISTRATION, "startRegistrationForObjectClass" },
	{ WIRE_CB_STOP_REGISTRATION, "stopRegistrationForObjectClass" },
	{ WIRE_CB_INTERACTIONS_ON, "turnInteractionsOn" },
	{ WIRE_CB_INTERACTIONS_OFF, "turnInteractionsOff" },
	{ WIRE_CB_NAMES_RESERVED, "objectInstanceNameReservationSucceeded" },
	{ WIRE_CB_DISCOVER, "discoverObjectInstance" },
	{ WIRE_CB_REFLECT, "reflectAttributeValues" },
	{ WIRE_CB_INTERACTION, "receiveInteraction" },
	{ WIRE_CB_REMOVE, "removeObjectInstance" },
	{ WIRE_CB_PROVIDE_UPDATE, "provideAttributeValueUpdate" },
	{ WIRE_CB_UPDATES_ON, "turnUpdatesOnForObjectInstance" },
	{ WIRE_CB_UPDATES_OFF, "turnUpdatesOffForObjectInstance" },
	{ WIRE_CB_REPORT_ATTR_TRANSPORT,
	    "reportAttributeTransportationType" },
	{ WIRE_CB_REPORT_IC_TRANSPORT, "reportInteractionTransportationType" },
	{ WIRE_TM_CB_REGULATION_ENABLED, "timeRegulationEnabled" },
	{ WIRE_TM_CB_CONSTRAINED_ENABLED, "timeConstrainedEnabled" },
	{ WIRE_TM_CB_GRANT, "timeAdvanceGrant" },
	{ WIRE_TM_CB_SAVE_GRANT, "timeAdvanceGrant" },
	{ WIRE_TM_CB_RETRACT, "requestRetraction" },
	{ WIRE_OWM_CB_ASSUME, "requestAttributeOwnershipAssumption" },
	{ WIRE_OWM_CB_CONFIRM, "requestDivestitureConfirmation" },
	{ WIRE_OWM_CB_ACQUIRED, "attributeOwnershipAcquisitionNotification" },
	{ WIRE_OWM_CB_UNAVAILABLE, "attributeOwnershipUnavailable" },
	{ WIRE_OWM_CB_RELEASE, "requestAttributeOwnershipRelease" },
	{ WIRE_OWM_CB_CANCELLED,
	    "confirmAttributeOwnershipAcquisitionCancellation" },
	{ WIRE_OWM_CB_INFORM, "informAttributeOwnership" },
};

#define MAX_ARGS 4
#define ARG_LEN 96

/* The arguments librti reads back from callback frame `type`: handles
 * as numbers, times by the federation's type.  None when it does not
 * decode (the handler refused it then). */
static uint32_t
args_of(rti_ambassador *amb, uint16_t type, const uint8_t *p, size_t n,
    char a[MAX_ARGS][ARG_LEN])
{
	struct bundle_hdr hdr;
	struct wire_rd rd;
	uint32_t k = 0;
	uint64_t t;
	double d;

	wire_rd_init(&rd, p, n);
	switch (type) {
	case WIRE_CB_DISCOVER:
		snprintf(a[k++], ARG_LEN, "objectInstance=%u",
		    wire_get_u32(&rd));
		snprintf(a[k++], ARG_LEN, "objectClass=%u", wire_get_u32(&rd));
		break;
	case WIRE_CB_REMOVE:
		(void)wire_get_u32(&rd);
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		snprintf(a[k++], ARG_LEN, "objectInstance=%u",
		    wire_get_u32(&rd));
		break;
	case WIRE_CB_REFLECT:
		(void)wire_get_u32(&rd);
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		snprintf(a[k++], ARG_LEN, "objectClass=%u", wire_get_u32(&rd));
		(void)wire_get_u32(&rd);
		(void)wire_get_u32(&rd);
		snprintf(a[k++], ARG_LEN, "objectInstance=%u",
		    wire_get_u32(&rd));
		break;
	case WIRE_CB_INTERACTION:
		(void)wire_get_u32(&rd);
		if (bundle_hdr_get(&rd, &hdr) < 0)
			break;
		snprintf(a[k++], ARG_LEN, "interactionClass=%u",
		    wire_get_u32(&rd));
		break;
	case WIRE_TM_CB_GRANT:
	case WIRE_TM_CB_SAVE_GRANT:
	case WIRE_TM_CB_REGULATION_ENABLED:
	case WIRE_TM_CB_CONSTRAINED_ENABLED:
		if (type == WIRE_TM_CB_GRANT || type == WIRE_TM_CB_SAVE_GRANT)
			(void)wire_get_u8(&rd);
		t = wire_get_u64(&rd);
		if (amb->time_int64) {
			snprintf(a[k++], ARG_LEN, "time=%" PRId64, (int64_t)t);
		} else {
			memcpy(&d, &t, sizeof d);
			snprintf(a[k++], ARG_LEN, "time=%.17g", d);
		}
		break;
	case WIRE_CB_SYNC_ANNOUNCE: {
		const char *s = wire_get_str(&rd, WIRE_MAX_NAME);

		snprintf(a[k++], ARG_LEN, "label=%.80s", s ? s : "");
		break;
	}
	default:
		break;
	}
	return rd.err ? 0 : k;
}

/* Queue one WIRE_SERVICE_REPORT of a success. */
static void
queue(rti_ambassador *amb, const char *name, char a[][ARG_LEN], uint32_t n)
{
	struct wire_buf *b;
	uint32_t i;
	size_t off;

	b = rti__msg_begin(amb, WIRE_SERVICE_REPORT, &off);
	wire_put_u8(b, 1);
	wire_put_str(b, name);
	wire_put_u32(b, n);
	for (i = 0; i < n; i++)
		wire_put_str(b, a[i]);
	wire_put_str(b, "");
	/* on ENOMEM the report is dropped; the service was carried out */
	(void)rti__msg_end(amb, off, 0);
}

void
rti__svc_local(rti_ambassador *amb, const char *name, const char *fmt, ...)
{
	char a[1][ARG_LEN];
	va_list ap;

	if (!amb->joined)
		return;
	va_start(ap, fmt);
	vsnprintf(a[0], ARG_LEN, fmt, ap);
	va_end(ap);
	queue(amb, name, a, 1);
}

void
rti__svc_callback(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len)
{
	char a[MAX_ARGS][ARG_LEN];
	const char *name = NULL;
	uint32_t n;
	size_t k;

	for (k = 0; k < sizeof callbacks / sizeof callbacks[0]; k++)
		if (callbacks[k].type == type) {
			name = callbacks[k].name;
			break;
		}
	if (!name || !amb->joined)
		return;
	if (type == WIRE_CB_NAMES_RESERVED && len > 0 &&
	    ((const uint8_t *)payload)[0] == 0)
		name = "objectInstanceNameReservationFailed";
	n = args_of(amb, type, payload, len, a);
	queue(amb, name, a, n);
}

/* WIRE_CB_SERVICE_REPORTING: on or off. */
int
rti__svc_cb_reporting(rti_ambassador *amb, uint16_t type, struct wire_rd *rd)
{
	uint8_t on = wire_get_u8(rd);

	(void)type;
	if (!wire_rd_done(rd) || on > 1)
		return -1;
	amb->report_services = on;
	amb->svc_held = 0;
	return 0;
}
