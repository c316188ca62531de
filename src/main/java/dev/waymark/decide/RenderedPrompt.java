package dev.waymark.decide;

/** A rendered prompt and its size report. */
public record RenderedPrompt(Prompt prompt, PromptSize size) {}
