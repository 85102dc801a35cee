import { ClickLaneLocationLeads } from './LeadLists';

export default ClickLaneLocationLeads;
