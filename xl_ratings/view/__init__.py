"""Facts -> what people read: result sheets (:mod:`.sheets`), the JSON
export (:mod:`.export`), and later the website and the printed list.

The engines return typed facts without words or formats; everything a
person sees -- labels in the workbook's language, status words, ranks
spelled the system's way, number formats -- is decided here, once, for
every writer.
"""
