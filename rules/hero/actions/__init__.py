"""The Hero action types (`rules.core.encounter.ActionType`), gathered in `registry.ACTIONS`."""
