annotations = True
