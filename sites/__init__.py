"""The bundled websites: shop, forum and Git hosting (installed as ``webenv.sites``)."""
