# SPDX-License-Identifier: Apache-2.0
"""Exceptions: one class per ``RTI_ERR_*`` code of librti.

The classes are generated at import from librti's own error table
(``rti_err_name`` and ``rti_strerror`` over the codes of ``RTI_ERR_MAP``),
so that they always match the library loaded.  Each is named after its code
in CamelCase (``RTI_ERR_FEDERATE_NOT_EXECUTION_MEMBER`` is
:class:`FederateNotExecutionMember`) and derives from :class:`RTIError`;
the argument-shaped ones also from a built-in exception
(:class:`InvalidArgument` is a ``ValueError``, :class:`NameNotFound` a
``LookupError``, the connection ones ``ConnectionError``).

An exception carries the code (``code``), its name (``name``,
``"RTI_ERR_NAME_NOT_FOUND"``) and librti's detail message of the failed
call (``rti_error_message``) as its text.
"""

from . import _native

__all__ = ["RTIError", "error_class", "ERRORS"]


class RTIError(Exception):
    """A librti service failed.

    Attributes: ``code`` (the ``RTI_ERR_*`` value), ``name`` (its C name)
    and ``message`` (librti's detail of the failure, also the exception's
    text)."""

    code = None
    name = None

    def __init__(self, message=None):
        if message is None:
            message = self.__doc__ or ""
        super().__init__(message)
        self.message = message

    def __reduce__(self):
        return (type(self), (self.message,))


# Built-in bases of a few codes, so that `except ValueError` and friends
# work as a Python programmer expects.
_EXTRA_BASES = {
    "RTI_ERR_INVALID_ARGUMENT": (ValueError,),
    "RTI_ERR_NAME_NOT_FOUND": (LookupError,),
    "RTI_ERR_NO_MEMORY": (MemoryError,),
    "RTI_ERR_CONNECTION_FAILED": (ConnectionError,),
    "RTI_ERR_CONNECTION_LOST": (ConnectionError,),
    "RTI_ERR_NOT_CONNECTED": (ConnectionError,),
    "RTI_ERR_LIMIT_EXCEEDED": (ValueError,),
    "RTI_ERR_DECODER_ERROR": (ValueError,),
}


def _camel(cname):
    words = cname[len("RTI_ERR_"):].split("_")
    return "".join(w.capitalize() for w in words)


def _generate():
    out = {}
    code = 1
    while True:
        raw = _native.F.rti_err_name(code)
        name = raw.decode() if raw else "RTI_ERR_UNKNOWN"
        if name == "RTI_ERR_UNKNOWN":
            break
        text = _native.F.rti_strerror(code).decode()
        cls = type(_camel(name), (RTIError,) + _EXTRA_BASES.get(name, ()), {
            "__doc__": "%s: %s." % (name, text),
            "__module__": "rti",
            "code": code,
            "name": name,
        })
        out[code] = cls
        code += 1
    return out


#: code -> exception class, every code of librti's table but RTI_OK.
ERRORS = _generate()


def error_class(code):
    """The exception class of ``RTI_ERR_*`` value ``code`` (RTIError for a
    code librti does not know)."""
    return ERRORS.get(code, RTIError)


globals().update({cls.__name__: cls for cls in ERRORS.values()})
__all__ += [cls.__name__ for cls in ERRORS.values()]
