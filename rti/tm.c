/* tm.c - the TM module of rtiexec. */
#include "config.h"

#include "tm.h"

static const struct msg_handler tm_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops tm_module = {
	.name = "TM",
	.handlers = tm_handlers,
};
