package dev.waymark.workflow;

/**
 * How far a long step has got while it runs (an extractList after each page): counts only, never what the rows hold.
 *
 * @param stepId the workflow step's id
 * @param items  rows read so far
 * @param pages  pages read so far
 */
public record StepProgress(String stepId, int items, int pages) {
  /** The line a person watching reads: "Reading list: 120 rows, 3 pages". */
  public String describe() {
    return "Reading list: " + items + (items == 1 ? " row, " : " rows, ") + pages + (pages == 1 ? " page" : " pages");
  }
}
