/* tm.c - the TM module of rtiexec. */
#include "config.h"

#include "tm.h"

int
tm_check_tso_send(struct federate *f, uint64_t t, int *as_tso, char *msg,
    size_t msglen)
{
	(void)f;
	(void)t;
	(void)msg;
	(void)msglen;
	*as_tso = 0;
	return RTI_OK;
}

int
tm_note_tso_delivery(struct federate *to, uint64_t t)
{
	(void)to;
	(void)t;
	return 0;
}

static const struct msg_handler tm_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops tm_module = {
	.name = "TM",
	.handlers = tm_handlers,
};
