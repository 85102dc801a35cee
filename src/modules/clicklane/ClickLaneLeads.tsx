import { ClickLaneLeads } from './LeadLists';

export default ClickLaneLeads;
