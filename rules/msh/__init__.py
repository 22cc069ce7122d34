"""The Marvel Super Heroes-style system (docs/rulebooks/001_d2dce8011657f300.txt): ranks and
the Universal Table, the combat types and their colour results, declare-then-act rounds."""
