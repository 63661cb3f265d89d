"""What the operating system offers for safe files: open flags (0 where missing),
and the errno groups the messages tell apart.
"""

from __future__ import annotations

import errno
import os

O_BINARY = getattr(os, "O_BINARY", 0)        # Windows: no newline translation
O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)
CHUNK = 1 << 20
DISK_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
NO_PERMISSION = {errno.EACCES, errno.EPERM, errno.EROFS}
NOT_A_FILE = {errno.ELOOP, errno.EISDIR, errno.ENXIO, errno.EMLINK, getattr(errno, "EFTYPE", errno.ELOOP)}
LOCK_UNSUPPORTED = {errno.ENOSYS, errno.ENOLCK, errno.EINVAL,
                     getattr(errno, "EOPNOTSUPP", errno.ENOSYS), getattr(errno, "ENOTSUP", errno.ENOSYS)}
