package dev.waymark.session;

import dev.waymark.apply.ApplyInput;
import dev.waymark.decide.Prompt;

/** Renders the next turn's prompt from the goal and the turn's options (values are never part of it). */
@FunctionalInterface
public interface PromptRenderer {
  Prompt render(String goal, ApplyInput next);
}
