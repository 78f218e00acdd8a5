/** The crawl ended (cancelled, failed or out of credits) while its job ran: the job completes. */
export class Stop extends Error {}
/** This worker no longer holds the job's lease: the job's next holder goes on with the crawl. */
export class LeaseGone extends Error {}
/** Pages were appended to the batch after this run read its pages: a next run scrapes them. */
export class MorePages extends Error {}
