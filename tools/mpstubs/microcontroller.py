nvm = bytearray(b"\xff" * 8192)
