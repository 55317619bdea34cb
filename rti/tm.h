/* tm.h - the TM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_TM_H
#define RTI_TM_H

#include "server.h"

#endif
