# SPDX-License-Identifier: Apache-2.0
"""Conversions between Python values and librti's C arguments, shared by
the ambassador and the callbacks: handles built without validation for
values librti gave, strings and bytes checked on the way in, and values
to and from librti's JSON and value trees."""

import base64
import ctypes
import enum
import json
import math
from ctypes import byref, c_size_t

from ._native import F


# --------------------------------------------------------------------------
# Fast handle construction for callbacks: handles are immutable values, so
# one object per (kind, id) is shared.  Instances are not cached (there can
# be millions).


def _mk(kind, id, _new=object.__new__, _set=object.__setattr__):
    h = _new(kind)
    _set(h, "_id", id)
    return h


class _Cache(dict):
    __slots__ = ("kind",)

    def __init__(self, kind):
        super().__init__()
        self.kind = kind

    def __missing__(self, id):
        h = self[id] = _mk(self.kind, id)
        return h


def _s(b):
    return None if b is None else b.decode("utf-8", "replace")


def _bytes_arg(tag, what="tag"):
    if tag is None:
        return None, 0
    if isinstance(tag, (bytes, bytearray, memoryview)):
        tag = bytes(tag)
        return tag, len(tag)
    raise TypeError("%s must be bytes, not %s" % (what, type(tag).__name__))


def _str_arg(s, what, allow_none=False):
    if s is None and allow_none:
        return None
    if not isinstance(s, str):
        raise TypeError("%s must be a str, not %s"
                        % (what, type(s).__name__))
    return s.encode("utf-8")


def _to_json_value(v, path="$"):
    """A Python value as a JSON-able tree in librti's JSON form."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return int(v)
    if isinstance(v, float):
        if v != v:
            return "NaN"
        if v in (math.inf, -math.inf):
            return "Infinity" if v > 0 else "-Infinity"
        return v
    if isinstance(v, (bytes, bytearray, memoryview)):
        return base64.b64encode(bytes(v)).decode("ascii")
    if isinstance(v, enum.Enum):
        return v.name
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if not isinstance(k, str):
                raise TypeError("%s: record field names must be str, not %s"
                                % (path, type(k).__name__))
            out[k] = _to_json_value(x, "%s.%s" % (path, k))
        return out
    if isinstance(v, (list, tuple)):
        return [_to_json_value(x, "%s[%d]" % (path, i))
                for i, x in enumerate(v)]
    raise TypeError("%s: cannot encode a %s as an HLA value (use bytes for a "
                    "raw value)" % (path, type(v).__name__))


def _walk(v, F=F):
    """The Python value of rti_value node ``v`` (borrowed)."""
    k = F.rti_value_kind(v)
    if k == 3:
        return F.rti_value_double(v)
    if k == 1:
        return F.rti_value_int(v)
    if k == 2:
        return F.rti_value_uint(v)
    if k == 4:
        return bool(F.rti_value_bool(v))
    if k == 5 or k == 6:
        n = c_size_t(0)
        p = (F.rti_value_string if k == 5 else F.rti_value_bytes)(
            v, byref(n))
        b = ctypes.string_at(p, n.value) if n.value else b""
        return b.decode("utf-8", "replace") if k == 5 else b
    if k == 7:
        return _s(F.rti_value_enumerator(v))
    if k == 8:
        return [_walk(F.rti_value_at(v, i))
                for i in range(F.rti_value_count(v))]
    if k == 9:
        return {F.rti_value_field_name(v, i).decode("utf-8", "replace"):
                _walk(F.rti_value_at(v, i))
                for i in range(F.rti_value_count(v))}
    # a variant: its JSON form, which names discriminant and alternative
    out = ctypes.c_void_p()
    if F.rti_value_to_json(v, byref(out)):
        raise MemoryError("rti_value_to_json")
    try:
        return json.loads(ctypes.string_at(out.value))
    finally:
        F.rti_free(out)
