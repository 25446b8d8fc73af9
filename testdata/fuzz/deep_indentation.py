# A block indented 300 columns: valid Python that tree-sitter-python's
# scanner cannot track (indent widths kept in a byte): parsed right or wrong
# (or "invalid syntax" on line 1) depending on when its state is saved.
# Now always AGC005 at line 7.
if a:
                                                                                                                        if b:
                                                                                                                                                                                                                                                                                                            x = 1
y = 2
