package dev.waymark.bridge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A browser tab as the extension reports it.
 *
 * @param id     Chrome's tab id
 * @param url    its address
 * @param title  its title
 * @param active it is the active tab of its window
 * @param task   it is the task tab steps act on
 * @param openedByTask a task page opened it (closeTab may close it when it is not current)
 * @param adopted      the task adopted it from the person (it stays theirs; never closed)
 * @param onTaskSite   it shows one of the task's sites (adoptTab may take it)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record TabInfo(@JsonProperty("id") int id, @JsonProperty("url") String url, @JsonProperty("title") String title,
            @JsonProperty("active") boolean active, @JsonProperty("task") boolean task,
            @JsonProperty("opened_by_task") boolean openedByTask, @JsonProperty("adopted") boolean adopted,
            @JsonProperty("on_task_site") boolean onTaskSite) {
}
