/* tm.c - TM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

static const struct rti__cb_handler tm_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__tm_module = {
	.name = "TM",
	.callbacks = tm_callbacks,
};
