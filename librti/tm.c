/* tm.c - TM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

int
rti__tm_check_send(rti_ambassador *amb, rti_time t, int *as_tso)
{
	(void)amb;
	(void)t;
	*as_tso = 0;
	return RTI_OK;
}

int
rti__tm_hold(rti_ambassador *amb, uint16_t type, const void *payload,
    size_t len, rti_time t)
{
	(void)amb;
	(void)type;
	(void)payload;
	(void)len;
	(void)t;
	return 0;
}

static const struct rti__cb_handler tm_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__tm_module = {
	.name = "TM",
	.callbacks = tm_callbacks,
};
